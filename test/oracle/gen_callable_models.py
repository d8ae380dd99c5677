"""Oracle for CallableFixedRateBond under Hull-White models other than the defaults (design §5.1 short_rate_model):
gen_callable.py's random callables and curves, each on QuantLib 1.29's TreeCallableFixedRateBondEngine with its own
a in [0.001, 0.25], sigma in [0.001, 0.04] and tree_steps in {5, 10, 25, 40, 60, 100, 200} (the corners of that box
first). Expected: everything gen_callable.py records (callable_expected with the model), plus what takes the model
through a spread over the discount curve (ZeroSpreadedTermStructure, continuous, the model fitted again to it): the
NPVs at +-1 bp (effective duration) and the OAS at which the settlement value meets a target."""
import random

import QuantLib as ql

from bond_oracle import callable_expected, callable_on_tree
from bond_terms import from_iso
from curve_builders import build_curve
from fixture_io import write_fixture
from gen_callable import random_callable, random_curve

SEED = 20270514
N_CASES = 300
STEPS = [5, 10, 25, 40, 60, 100, 200]
BUMP = 1e-4
# the corners of the parameter box, and the fewest / most steps with both
CORNERS = [(a, sigma, steps) for a in (0.001, 0.25) for sigma in (0.001, 0.04) for steps in (5, 200)]


def random_model(rng, i):
    if i < len(CORNERS):
        a, sigma, steps = CORNERS[i]
    else:
        a, sigma, steps = round(rng.uniform(0.001, 0.25), 6), round(rng.uniform(0.001, 0.04), 6), rng.choice(STEPS)
    return {"model": "HullWhite", "a": a, "sigma": sigma, "tree_steps": steps}


def spreaded(curve, s):
    return ql.ZeroSpreadedTermStructure(ql.YieldTermStructureHandle(curve), ql.QuoteHandle(ql.SimpleQuote(s)), ql.Continuous, ql.NoFrequency,
                                        curve.dayCounter())


def model_spreads(t, valuation, curve, model, target):
    """NPVs at +-BUMP and the OAS: a continuous zero spread over the discount curve, the model fitted again to the
    spreaded curve; the OAS solved with QuantLib's Brent on those tree valuations to the settlement value `target`."""
    up = callable_on_tree(t, spreaded(curve, BUMP), valuation, model).NPV()
    down = callable_on_tree(t, spreaded(curve, -BUMP), valuation, model).NPV()
    out = {"bump": BUMP, "npv_up": up, "npv_down": down}
    solver = ql.Brent()
    solver.setMaxEvaluations(200)
    out["oas_target_ccy"] = target
    try:
        out["oas"] = solver.solve(lambda s: callable_on_tree(t, spreaded(curve, s), valuation, model).settlementValue() - target, 1e-12, 0.0, 0.001)
    except RuntimeError as e:
        out["oas_error"] = str(e).split("\n")[0][:120]
    return out


def main():
    rng = random.Random(SEED)
    curves = [random_curve(rng) for _ in range(40)]

    def ql_curve(i, reference):
        return build_curve(reference, curves[i]["nodes"], curves[i]["building"])

    cases = []
    while len(cases) < N_CASES:
        case = random_callable(rng, len(curves))
        if case is None:
            continue
        model = random_model(rng, len(cases))
        case["short_rate_model"] = model
        t, valuation = case["terms"], from_iso(case["valuation_date"])
        pools = {"discount": case["pools"]["discount"], "benchmark": case["pools"]["benchmark"]}
        oas_move = rng.uniform(-0.05, 0.05)
        try:
            e = callable_expected(t, valuation, pools, case["ref_shift"], case["parameters"], case["want_cashflows"], ql_curve, rng.uniform(-0.05, 0.05),
                                  model)
            curve = ql_curve(pools["discount"], valuation - case["ref_shift"][0])
            e.update(model_spreads(t, valuation, curve, model, e["settlement_value"] * (1 + oas_move)))
            ql.Settings.instance().evaluationDate = valuation
            case["expected"] = e
        except RuntimeError as err:
            case["error"] = str(err).split("\n")[0][:160]
        cases.append(case)

    write_fixture("callable_models", cases, seed=SEED, curves=curves)
    print(f"  {sum(1 for c in cases if 'error' in c)} where QuantLib throws, {sum(1 for c in cases if 'oas_error' in c.get('expected', {}))} OAS unsolved")


if __name__ == "__main__":
    main()
