// QuantLib 1.29 side of bench/core: the same cases as run.ts, timed in C++. Built by run.ts with
// g++ -O2 against Debian's libquantlib0-dev; prints one JSON object of mean microseconds per operation.
#include <ql/quantlib.hpp>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace QuantLib;

static double timeIt(const std::function<double()>& f, double seconds) {
    volatile double sink = 0.0;
    for (int i = 0; i < 200; ++i) sink += f();  // warm-up
    long n = 0;
    auto start = std::chrono::steady_clock::now();
    double elapsed = 0.0;
    while (elapsed < seconds) {
        for (int i = 0; i < 100; ++i) sink += f();
        n += 100;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    (void)sink;
    return elapsed / n * 1e6;
}

int main(int argc, char** argv) {
    double seconds = argc > 1 ? std::stod(argv[1]) : 1.0;
    Date today(20, November, 2026);
    Settings::instance().evaluationDate() = today;
    Calendar cal = TARGET();
    DayCounter curveDc = Actual365Fixed();
    std::vector<Date> dates;
    std::vector<Rate> zeros;
    for (int d : {0, 30, 91, 182, 365, 730, 1095, 1826, 2557, 3652, 5479, 7305, 10957}) {
        dates.push_back(today + d);
        zeros.push_back(0.03 + 0.012 * (1.0 - std::exp(-d / 365.0 / 4.0)));
    }
    auto curve = ext::make_shared<ZeroCurve>(dates, zeros, curveDc);
    curve->enableExtrapolation();
    Handle<YieldTermStructure> disc(curve);
    auto projCurve = ext::make_shared<ZeroCurve>(dates, zeros, curveDc);
    projCurve->enableExtrapolation();
    Handle<YieldTermStructure> proj(projCurve);
    auto engine = ext::make_shared<DiscountingBondEngine>(disc);
    DayCounter bondDc = ActualActual(ActualActual::Bond);
    Date issue(20, November, 2024), maturity(20, November, 2029);
    auto makeSchedule = [&](Period tenor) {
        return Schedule(issue, maturity, tenor, cal, Following, Following, DateGeneration::Forward, false);
    };
    auto index = ext::make_shared<IborIndex>("BENCH-IBOR", 6 * Months, 2, EURCurrency(), cal, ModifiedFollowing, false, Actual360(), proj);
    for (Date d = cal.adjust(issue - 10); d <= today; d = cal.advance(d, 1, Days)) index->addFixing(d, 0.03, true);
    auto vol = ext::make_shared<ConstantOptionletVolatility>(today, NullCalendar(), Following, 0.0, Actual365Fixed(), Normal);
    auto pricer = ext::make_shared<BlackIborCouponPricer>(Handle<OptionletVolatilityStructure>(vol));

    std::vector<Real> notionals;
    for (int i = 0; i < 10; ++i) notionals.push_back(100.0 - 8.0 * std::max(0, i - 1));

    auto fixed = [&]() {
        FixedRateBond b(2, 100.0, makeSchedule(6 * Months), {0.05}, bondDc);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    auto amortFixed = [&]() {
        AmortizingFixedRateBond b(2, notionals, makeSchedule(6 * Months), {0.05}, bondDc);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    auto zero = [&]() {
        ZeroCouponBond b(2, cal, 100.0, maturity, Following, 100.0, issue);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    auto floater = [&]() {
        FloatingRateBond b(2, 100.0, makeSchedule(6 * Months), index, Actual360(), Following, 2, {1.0}, {0.005});
        setCouponPricer(b.cashflows(), pricer);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    auto amortFloater = [&]() {
        AmortizingFloatingRateBond b(2, notionals, makeSchedule(6 * Months), index, Actual360(), Following, 2, {1.0}, {0.005});
        setCouponPricer(b.cashflows(), pricer);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    // an overnight-compounded FRN (OvernightLeg, compounding pricer) on daily fixings and the projection curve
    auto onIndex = ext::make_shared<OvernightIndex>("BENCH-ON", 0, EURCurrency(), cal, Actual360(), proj);
    for (Date d = cal.adjust(issue - 10); d <= today; d = cal.advance(d, 1, Days)) onIndex->addFixing(d, 0.03, true);
    auto overnightFrn = [&]() {
        Leg leg = OvernightLeg(makeSchedule(3 * Months), onIndex).withNotionals(100.0).withPaymentDayCounter(Actual360())
                      .withPaymentAdjustment(Following).withSpreads(0.005);
        Bond b(2, cal, issue, leg);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    // an inflation-linked bond (CPIBond, Linear, 3M lag) on monthly CPI values and a zero-inflation curve
    std::vector<Date> zcDates{Date(1, August, 2026)};
    std::vector<Rate> zcRates{0.028};
    for (int y : {1, 2, 3, 5, 7, 10, 15, 20}) {
        zcDates.push_back(Date(20, November, 2026 + y));
        zcRates.push_back(0.025 + 0.003 * std::exp(-y / 3.0));
    }
    auto zc = ext::make_shared<ZeroInflationCurve>(today, NullCalendar(), Actual365Fixed(), 3 * Months, Monthly, zcDates, zcRates);
    auto cpiIndex = ext::make_shared<ZeroInflationIndex>("BENCH-CPI", CustomRegion("US", "US"), false, Monthly, 1 * Months, USDCurrency(),
                                                         Handle<ZeroInflationTermStructure>(zc));
    for (int i = 0; i < 46; ++i) {
        Date month = Date(1, January, 2023) + i * Months;
        cpiIndex->addFixing(month, 300.0 * std::pow(1.03, i / 12.0));
    }
    Real baseCpi = 300.0 * std::pow(1.03, 19 / 12.0);  // August 2024: the issue less the lag
    auto cpiBond = [&]() {
        CPIBond b(2, 100.0, false, baseCpi, 3 * Months, cpiIndex, CPI::Linear, makeSchedule(6 * Months), {0.0175}, bondDc, Following, issue);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    auto model = ext::make_shared<HullWhite>(disc, 0.03, 0.01);
    auto treeEngine = ext::make_shared<TreeCallableFixedRateBondEngine>(model, 40);
    CallabilitySchedule calls;
    for (int y : {2026, 2027, 2028})
        calls.push_back(ext::make_shared<Callability>(Bond::Price(100.0, Bond::Price::Clean), Callability::Call, Date(20, November, y + 1)));
    auto callable = [&]() {
        CallableFixedRateBond b(2, 100.0, makeSchedule(6 * Months), {0.05}, bondDc, Following, 100.0, issue, calls);
        b.setPricingEngine(treeEngine);
        return b.NPV();
    };

    // real bonds: a month-end step-up generated Backward with end of month, and a Brazilian bond on Business/252
    auto stepUp = [&]() {
        Schedule s(Date(31, August, 2025), Date(31, August, 2035), 6 * Months, UnitedStates(UnitedStates::GovernmentBond), Unadjusted, Unadjusted,
                   DateGeneration::Backward, true);
        FixedRateBond b(1, 100.0, s, {0.03, 0.035, 0.04, 0.045}, bondDc, Following);
        b.setPricingEngine(engine);
        return b.NPV();
    };
    DayCounter bus252 = Business252(Brazil());
    auto brazil = [&]() {
        Schedule s(Date(1, January, 2025), Date(1, January, 2035), 6 * Months, Brazil(), Following, Following, DateGeneration::Backward, false);
        FixedRateBond b(1, 1000.0, s, {0.10}, bus252, Following);
        b.setPricingEngine(engine);
        return b.NPV();
    };

    FixedRateBond bond(2, 100.0, makeSchedule(6 * Months), {0.05}, bondDc);
    bond.setPricingEngine(engine);
    Real clean = bond.cleanPrice();
    Date settlement = bond.settlementDate();
    Rate y = BondFunctions::yield(bond, clean, bondDc, Compounded, Semiannual, settlement);
    InterestRate rate(y, bondDc, Compounded, Semiannual);

    std::printf("{\"fixed_build_npv\":%.4f,", timeIt(fixed, seconds));
    std::printf("\"amortizing_fixed_build_npv\":%.4f,", timeIt(amortFixed, seconds));
    std::printf("\"zero_build_npv\":%.4f,", timeIt(zero, seconds));
    std::printf("\"floating_build_npv\":%.4f,", timeIt(floater, seconds));
    std::printf("\"amortizing_floating_build_npv\":%.4f,", timeIt(amortFloater, seconds));
    std::printf("\"callable_build_npv\":%.4f,", timeIt(callable, seconds));
    std::printf("\"overnight_build_npv\":%.4f,", timeIt(overnightFrn, seconds));
    std::printf("\"cpi_build_npv\":%.4f,", timeIt(cpiBond, seconds));
    std::printf("\"fixed_yield\":%.4f,", timeIt([&]() { return BondFunctions::yield(bond, clean, bondDc, Compounded, Semiannual, settlement); }, seconds));
    std::printf("\"fixed_z_spread\":%.4f,", timeIt([&]() { return BondFunctions::zSpread(bond, clean * 0.99, curve, bondDc, Continuous, Annual, settlement); }, seconds));
    std::printf("\"fixed_modified_duration\":%.4f,", timeIt([&]() { return BondFunctions::duration(bond, rate, Duration::Modified, settlement); }, seconds));
    std::printf("\"eom_step_up_build_npv\":%.4f,", timeIt(stepUp, seconds));
    std::printf("\"business252_build_npv\":%.4f,", timeIt(brazil, seconds));
    std::printf("\"fixed_yield_continuous_act365\":%.4f,", timeIt([&]() { return BondFunctions::yield(bond, clean, Actual365Fixed(), Continuous, Annual, settlement); }, seconds));
    std::printf("\"check\":{\"fixed_npv\":%.12f,\"floating_npv\":%.12f,\"callable_npv\":%.12f,\"yield\":%.12f,\"step_up_npv\":%.12f,\"business252_npv\":%.12f,\"overnight_npv\":%.12f,\"cpi_npv\":%.12f}}\n",
                fixed(), floater(), callable(), y, stepUp(), brazil(), overnightFrn(), cpiBond());
    return 0;
}
