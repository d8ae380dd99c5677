"""Pricing semantics shared by the bond oracles (design §6): the cash flows a client is shown, carry/roll-down
on today's curve seen from the horizon (ImpliedTermStructure), and yield-based figures that continue QuantLib's
formulas where 30E/360 ISDA makes a stepwise time negative (QuantLib 1.29 refuses its npv at a yield there,
while its durations run on with the same times)."""
import math

import QuantLib as ql


def shown_cashflows(bond, valuation):
    """[serial, amount] of the flows not yet occurred at the valuation date (a flow paid on it is not listed)."""
    return [[cf.date().serialNumber(), cf.amount()] for cf in bond.cashflows() if cf.date() > valuation]


def all_cashflows(bond):
    return [[cf.date().serialNumber(), cf.amount()] for cf in bond.cashflows()]


def implied(curve, horizon):
    """Today's curve seen from the horizon; it extrapolates as the curves the service builds do."""
    h = ql.ImpliedTermStructure(ql.YieldTermStructureHandle(curve), horizon)
    h.enableExtrapolation()
    return h


def stepwise_flows(leg, dc, settlement, npv_date):
    """(cumulative time, amount) of the live flows, with CashFlows' getStepwiseDiscountTime of QuantLib 1.29."""
    out, t, last = [], 0.0, npv_date
    for cf in leg:
        if cf.date() <= settlement:  # hasOccurred(settlement, includeSettlementDateFlows=False)
            continue
        c = ql.as_coupon(cf)
        if c is not None:
            ref_s, ref_e = c.referencePeriodStart(), c.referencePeriodEnd()
        else:
            ref_s, ref_e = (cf.date() - ql.Period(1, ql.Years) if last == npv_date else last), cf.date()
        if c is not None and last != c.accrualStartDate():
            step = dc.yearFraction(c.accrualStartDate(), cf.date(), ref_s, ref_e) - dc.yearFraction(c.accrualStartDate(), last, ref_s, ref_e)
        else:
            step = dc.yearFraction(last, cf.date(), ref_s, ref_e)
        t += step
        ex = c.exCouponDate() if c is not None else ql.Date()
        trading_ex_coupon = ex != ql.Date() and ex <= settlement
        out.append((t, 0.0 if trading_ex_coupon else cf.amount()))
        last = cf.date()
    return out


def compound_factor(r, comp, freq, t):
    """InterestRate::compoundFactor's formula for any t (QuantLib refuses a negative one)."""
    if comp == ql.Simple:
        return 1 + r * t
    if comp == ql.Continuous:
        return math.exp(r * t)
    compounded = (1 + r / freq) ** (freq * t)
    if comp == ql.SimpleThenCompounded:
        return 1 + r * t if t <= 1 / freq else compounded
    if comp == ql.CompoundedThenSimple:
        return compounded if t <= 1 / freq else 1 + r * t
    return compounded


def npv_at_yield(leg, y, dc, freq, settlement, npv_date=None, comp=ql.Compounded):
    """CashFlows::npv at a yield (compounded unless `comp` says otherwise), continued where a stepwise time is negative."""
    try:
        return ql.CashFlows.npv(leg, ql.InterestRate(y, dc, comp, freq), False, settlement, npv_date or settlement)
    except RuntimeError as e:
        if "negative time" not in str(e):
            raise
        if comp == ql.Compounded:
            return sum(a * (1 + y / freq) ** (-freq * t) for t, a in stepwise_flows(leg, dc, settlement, npv_date or settlement))
        return sum(a / compound_factor(y, comp, freq, t) for t, a in stepwise_flows(leg, dc, settlement, npv_date or settlement))


def bond_yield(bond, clean, dc, freq, settlement, comp=ql.Compounded):
    """BondFunctions::bondYield (accuracy 1e-10, guess 5%), solved on the continued NPV where QuantLib refuses."""
    try:
        return ql.BondFunctions.bondYield(bond, clean, dc, comp, freq, settlement, 1e-10, 100, 0.05)
    except RuntimeError as e:
        if "negative time" not in str(e):
            raise
    target = (clean + bond.accruedAmount(settlement)) * bond.notional(settlement) / 100
    f = lambda y: npv_at_yield(bond.cashflows(), y, dc, freq, settlement, comp=comp) - target
    lo, hi = -0.9, 1.0
    while f(hi) > 0 and hi < 1e6:
        hi *= 2
    if not (f(lo) > 0 > f(hi)):
        raise RuntimeError("no yield reprices the bond (continued npv does not bracket the target)")
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def basis_point_value(bond, rate, settlement):
    """CashFlows::basisPointValue: delta and half gamma of one basis point, on the continued NPV."""
    leg = bond.cashflows()
    value = npv_at_yield(leg, rate.rate(), rate.dayCounter(), rate.frequency(), settlement, comp=rate.compounding())
    modified = ql.BondFunctions.duration(bond, rate, ql.Duration.Modified, settlement)
    convexity = ql.BondFunctions.convexity(bond, rate, settlement)
    return -modified * value * 1e-4 + 0.5 * (convexity / 100) * value * 1e-8


def accrued_ccy(bond, settlement):
    """CashFlows::accruedAmount of the leg, in currency (BondFunctions gives it per 100 of the notional then)."""
    return ql.BondFunctions.accruedAmount(bond, settlement) * bond.notional(settlement) / 100


def carry(bond, n0, s0, s1, p1_curve_ccy, p1_rolled_ccy, y, dc, freq):
    """What the carry metrics derive from (per 100 of the notional at s0; coupons and accrued in currency)."""
    leg = bond.cashflows()
    return {
        "n0": n0,
        "p1_curve": p1_curve_ccy * 100 / n0,
        "p1_rolled": p1_rolled_ccy * 100 / n0,
        "p1_yield": npv_at_yield(leg, y, dc, freq, s1) * 100 / n0,
        "between": sum(cf.amount() for cf in leg if s0 < cf.date() <= s1),
        "accrued0": accrued_ccy(bond, s0),
        "accrued1": accrued_ccy(bond, s1),
    }
