"""What the bond oracles expect of one instrument (design §6), shared by gen_bonds.py and gen_real_bonds.py: price,
analytics, yield (model and override price), z-spread, cash flows and carry/roll-down from QuantLib 1.29."""
import QuantLib as ql

from bond_terms import set_vol_pricer, bond_day_counter, build_bond, from_iso, ibor_index, is_overnight, overnight_index, period, ql_callability
from semantics import all_cashflows, basis_point_value, bond_yield, carry, implied, shown_cashflows

# the short-rate model of a callable when the market data names none (design §5.1)
DEFAULT_MODEL = {"model": "HullWhite", "a": 0.03, "sigma": 0.01, "tree_steps": 40}
FREQ_OF = {"1M": ql.Monthly, "3M": ql.Quarterly, "6M": ql.Semiannual, "1Y": ql.Annual}


def yield_frequency(kind, t):
    return ql.Annual if kind == "ZeroCouponBond" else FREQ_OF[t["coupon_frequency"]]


def legs_of(bond):
    rows = []
    for cf in bond.cashflows():
        c = ql.as_coupon(cf)
        rows.append([cf.date().serialNumber(), cf.amount()])
    return rows


def price_all(kind, t, valuation, discount, ref_shift, conv, fixings, params, pools, ql_curve, vol=None):
    """Every expected value for one instrument (raises RuntimeError where QuantLib fails); `ql_curve(pool, reference)`
    builds a curve of the generator's pool; `vol` a floater's optionlet volatility (none: zero volatility)."""
    ql.IndexManager.instance().clearHistories()
    index = None
    if conv:
        proj = ql_curve(pools["projection"], valuation - ref_shift[1])
        # an overnight index builds an OvernightLeg in build_bond (design §4.2)
        index = (overnight_index if is_overnight(conv) else ibor_index)(conv, ql.YieldTermStructureHandle(proj))
        if fixings["dates"]:
            index.addFixings([from_iso(d) for d in fixings["dates"]], fixings["rates"])
    bond = build_bond(kind, t, index)
    if conv and not is_overnight(conv):
        # overnight coupons keep the pricer their averaging sets (no optionlets)
        set_vol_pricer(bond, valuation, conv, vol, valuation - ref_shift[1])
    out = {}
    if params.get("cashflows"):
        for key, rows in (("cashflows", lambda: shown_cashflows(bond, valuation)), ("cashflows_all", lambda: all_cashflows(bond))):
            try:
                out[key] = rows()
            except RuntimeError as e:
                out[f"{key}_error"] = str(e).split("\n")[0][:120]
    bond.setPricingEngine(ql.DiscountingBondEngine(ql.YieldTermStructureHandle(discount)))
    s0 = bond.settlementDate()
    n0 = bond.notional(s0)
    out.update({"settlement": s0.serialNumber(), "npv": bond.NPV(), "settlement_value": bond.settlementValue(), "dirty": bond.dirtyPrice(),
                "clean": bond.cleanPrice(), "accrued": bond.accruedAmount(s0)})
    if n0 == 0:
        return out
    dc = bond_day_counter(t)
    freq = yield_frequency(kind, t)
    y = bond_yield(bond, bond.cleanPrice(), dc, freq, s0)
    rate = ql.InterestRate(y, dc, ql.Compounded, freq)
    out.update({"yield": y, "simple": ql.BondFunctions.duration(bond, rate, ql.Duration.Simple, s0),
                "modified": ql.BondFunctions.duration(bond, rate, ql.Duration.Modified, s0),
                "macaulay": ql.BondFunctions.duration(bond, rate, ql.Duration.Macaulay, s0),
                "convexity": ql.BondFunctions.convexity(bond, rate, s0), "bpv": basis_point_value(bond, rate, s0)})
    try:
        out["override_yield"] = bond_yield(bond, params["override_clean_price"], dc, freq, s0)
    except RuntimeError as e:
        out["override_yield_error"] = str(e).split("\n")[0][:120]
    # z-spread over the benchmark curve for a target dirty value in currency (the model value moved up to ±8%)
    bench = ql_curve(pools["benchmark"], valuation - ref_shift[2])
    target = bond.settlementValue() * (1 + params["target_move"])
    out["target_dirty_ccy"] = target
    try:
        out["z_spread"] = ql.BondFunctions.zSpread(bond, target / n0 * 100 - bond.accruedAmount(s0), bench, dc, ql.Continuous, ql.Annual, s0,
                                                    params["tol"], params["max_iter"], 0.0)
    except RuntimeError as e:
        out["z_spread_error"] = str(e).split("\n")[0][:120]
    # carry and roll-down over horizon business days (design §6): today's curve seen from the horizon, the coupon
    # amounts known today; the constant-tenor roll moves the curve's reference date with the horizon
    horizon = bond.calendar().advance(valuation, params["horizon_days"], ql.Days)
    s1 = bond.settlementDate(horizon)
    if params.get("with_yield") is None:
        rolled = ql_curve(pools["discount"], valuation - ref_shift[0] + (horizon - valuation))
    else:
        comp = {"Compounded": ql.Compounded, "Continuous": ql.Continuous}[params["flat_compounding"]]
        rolled = ql.FlatForward(horizon, params["with_yield"], dc, comp, ql.Annual)
    leg = bond.cashflows()
    p1_curve = ql.CashFlows.npv(leg, ql.YieldTermStructureHandle(implied(discount, horizon)), False, s1, s1)
    p1_rolled = ql.CashFlows.npv(leg, ql.YieldTermStructureHandle(rolled), False, s1, s1)
    out["carry"] = carry(bond, n0, s0, s1, p1_curve, p1_rolled, y, dc, freq)
    return out


def callable_on_tree(t, curve, evaluation, model=DEFAULT_MODEL):
    """The callable on QuantLib's TreeCallableFixedRateBondEngine: Hull-White fitted to `curve` with the model's a and
    sigma, a tree of its tree_steps (by default a = 0.03, sigma = 0.01, 40 steps)."""
    ql.Settings.instance().evaluationDate = evaluation
    bond = build_bond("CallableFixedRateBond", t, callability=ql_callability(t))
    hw = ql.HullWhite(ql.YieldTermStructureHandle(curve), model["a"], model["sigma"])
    bond.setPricingEngine(ql.TreeCallableFixedRateBondEngine(hw, model["tree_steps"]))
    return bond


def callable_expected(t, valuation, pools, ref_shift, params, want_cashflows, ql_curve, target_move, model=DEFAULT_MODEL):
    """Every expected value of a callable (raises RuntimeError where QuantLib fails): its tree price and analytics,
    yields, a z-spread to its value moved by `target_move`, cash flows and carry (the tree again at the horizon), all
    on the Hull-White `model` {a, sigma, tree_steps} (the defaults of design §5.1 when not given)."""
    curve = ql_curve(pools["discount"], valuation - ref_shift[0])
    bond = callable_on_tree(t, curve, valuation, model)
    s0 = bond.settlementDate()
    n0 = bond.notional(s0)
    dc = bond_day_counter(t)
    freq = FREQ_OF[t["coupon_frequency"]]
    out = {"settlement": s0.serialNumber(), "npv": bond.NPV(), "settlement_value": bond.settlementValue(), "dirty": bond.dirtyPrice(), "clean": bond.cleanPrice(), "accrued": bond.accruedAmount(s0)}
    y = bond_yield(bond, bond.cleanPrice(), dc, freq, s0)
    rate = ql.InterestRate(y, dc, ql.Compounded, freq)
    out.update({"yield": y, "simple": ql.BondFunctions.duration(bond, rate, ql.Duration.Simple, s0), "modified": ql.BondFunctions.duration(bond, rate, ql.Duration.Modified, s0),
                "macaulay": ql.BondFunctions.duration(bond, rate, ql.Duration.Macaulay, s0), "convexity": ql.BondFunctions.convexity(bond, rate, s0),
                "bpv": basis_point_value(bond, rate, s0)})
    try:
        out["override_yield"] = bond_yield(bond, params["override_clean_price"], dc, freq, s0)
    except RuntimeError as e:
        out["override_yield_error"] = str(e).split("\n")[0][:120]
    bench = ql_curve(pools["benchmark"], valuation - ref_shift[2])
    target = bond.settlementValue() * (1 + target_move)
    out["target_dirty_ccy"] = target
    out["z_spread"] = ql.BondFunctions.zSpread(bond, target / n0 * 100 - bond.accruedAmount(s0), bench, dc, ql.Continuous, ql.Annual, s0, 1e-12, 200, 0.0)
    if want_cashflows:
        out["cashflows"] = shown_cashflows(bond, valuation)
    # carry: the tree again at the horizon, on today's curve seen from there (and on the constant-tenor roll)
    horizon = bond.calendar().advance(valuation, params["horizon_days"], ql.Days)
    s1 = bond.settlementDate(horizon)
    p1_curve = callable_on_tree(t, implied(curve, horizon), horizon, model).settlementValue()
    p1_rolled = callable_on_tree(t, ql_curve(pools["discount"], valuation - ref_shift[0] + (horizon - valuation)), horizon, model).settlementValue()
    ql.Settings.instance().evaluationDate = valuation
    out["carry"] = carry(bond, n0, s0, s1, p1_curve, p1_rolled, y, dc, freq)
    return out
