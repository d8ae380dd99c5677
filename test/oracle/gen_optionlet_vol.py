"""Oracle for Ibor floaters priced with an optionlet volatility (design §5.1 optionlet_vol): gen_bonds.py's random
floaters, most with floors, caps or both (collars) and some fixed in arrears, each on QuantLib 1.29's
BlackIborCouponPricer over a ConstantOptionletVolatility (from the projection curve's reference date, Actual/365
(Fixed)): Normal vols of 5-200 bp, shifted-lognormal vols of 5-80% with shifts of 0-5%, a few at zero. Expected:
everything gen_bonds.py records, on the same curve pool."""

import gen_bonds as g
from fixture_io import write_fixture

SEED = 20261128
N_CASES = 1500


def adjust_terms(t):
    rng = g.rng
    t.pop("floors", None)
    t.pop("caps", None)
    shape = rng.choice(["floor", "cap", "collar", "collar", "arrears"])
    if shape in ("floor", "collar"):
        t["floors"] = [round(rng.uniform(-0.01, 0.06), 4)]
    if shape == "cap":
        t["caps"] = [round(rng.uniform(0.0, 0.10), 4)]
    if shape == "collar":
        t["caps"] = [round(t["floors"][0] + rng.uniform(0.002, 0.04), 4)]
    t["in_arrears"] = shape == "arrears" or rng.random() < 0.15
    if shape == "arrears" and rng.random() < 0.5:
        t["caps"] = [round(rng.uniform(0.0, 0.10), 4)]


def draw_vol():
    rng = g.rng
    if rng.random() < 0.04:
        return {"type": rng.choice(["Normal", "ShiftedLognormal"]), "volatility": 0.0, "shift": 0.0}
    if rng.random() < 0.5:
        return {"type": "Normal", "volatility": round(rng.uniform(0.0005, 0.02), 6), "shift": 0.0}
    return {"type": "ShiftedLognormal", "volatility": round(rng.uniform(0.05, 0.8), 5), "shift": rng.choice([0.0, 0.01, 0.02, 0.03, 0.05])}


def main():
    g.rng.seed(SEED)
    cases = []
    while len(cases) < N_CASES:
        case = g.draw_case(g.rng.choice(["FloatingRateBond", "FloatingRateBond", "AmortizingFloatingRateBond"]), adjust_terms, draw_vol)
        if case is not None:
            cases.append(case)
    write_fixture("optionlet_vol", cases, seed=SEED, curves=g.CURVES)
    print(f"  {sum(1 for c in cases if 'error' in c)} where QuantLib throws")


if __name__ == "__main__":
    main()
