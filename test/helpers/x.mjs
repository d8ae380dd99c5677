// .adhoc/rebuild.ts
import postgres from "postgres";

// workers/quant/errors.ts
var QuantInputError = class extends Error {
  constructor(message, field2) {
    super(message);
    this.field = field2;
  }
  field;
  name = "QuantInputError";
};
var DateRangeError = class extends QuantInputError {
  name = "DateRangeError";
};
function require2(condition, message, field2) {
  if (!condition) throw new QuantInputError(typeof message === "string" ? message : message(), field2);
}
var MissingCurveError = class extends Error {
  constructor(role) {
    super(`no ${role} curve was supplied for this operation`);
    this.role = role;
  }
  role;
  name = "MissingCurveError";
};

// workers/quant/time/date.ts
var MIN_SERIAL = 367;
var MAX_SERIAL = 109574;
var Sunday = 1;
var Wednesday = 4;
var Saturday = 7;
function daysFromCivil(y, m, d) {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
var UNIX_EPOCH_SERIAL = 25569;
function isLeap(year2) {
  return year2 % 4 === 0 && year2 % 100 !== 0 || year2 % 400 === 0;
}
var MONTH_LENGTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function daysInMonth(year2, month2) {
  return month2 === 2 && isLeap(year2) ? 29 : MONTH_LENGTH[month2 - 1];
}
function fromYmd(year2, month2, day) {
  if (!(year2 >= 1901 && year2 <= 2199 && Number.isInteger(year2))) throw new DateRangeError(`year ${year2} out of bound. It must be in [1901,2199]`);
  if (!(month2 >= 1 && month2 <= 12 && Number.isInteger(month2))) throw new QuantInputError(`month ${month2} outside January-December range [1,12]`);
  if (!(day >= 1 && day <= daysInMonth(year2, month2) && Number.isInteger(day))) throw new QuantInputError(`day ${day} outside month (${month2}) day-range`);
  return MONTH_START[(year2 - 1901) * 12 + month2 - 1] + day - 1;
}
var MONTH_START = new Int32Array((2199 - 1901 + 1) * 12);
var PACKED_YMD = new Int32Array(MAX_SERIAL + 1);
for (let y = 1901; y <= 2199; y++) {
  for (let m = 1; m <= 12; m++) {
    const first = daysFromCivil(y, m, 1) + UNIX_EPOCH_SERIAL;
    MONTH_START[(y - 1901) * 12 + m - 1] = first;
    for (let d = 1, n = daysInMonth(y, m); d <= n; d++) PACKED_YMD[first + d - 1] = y << 9 | m << 5 | d;
  }
}
function toYmd(serial) {
  const packed = PACKED_YMD[serial];
  if (packed) return { year: packed >> 9, month: packed >> 5 & 15, day: packed & 31 };
  return civilFromDays(serial);
}
function civilFromDays(serial) {
  const z = serial - UNIX_EPOCH_SERIAL + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month2 = mp + (mp < 10 ? 3 : -9);
  const year2 = yoe + era * 400 + (month2 <= 2 ? 1 : 0);
  return { year: year2, month: month2, day };
}
function year(serial) {
  return toYmd(serial).year;
}
function month(serial) {
  return toYmd(serial).month;
}
function weekday(serial) {
  const w = serial % 7;
  return w === 0 ? 7 : w;
}
var ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
var isoCache = /* @__PURE__ */ new Map();
function fromIso(text, field2 = "date") {
  const known = isoCache.get(text);
  if (known !== void 0) return known;
  const serial = parseIso(text, field2);
  if (isoCache.size < 65536) isoCache.set(text, serial);
  return serial;
}
function parseIso(text, field2) {
  const m = ISO_DATE.exec(text.slice(0, 10));
  require2(m !== null, () => `${field2}: '${text}' is not an ISO date (YYYY-MM-DD)`, field2);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  require2(y >= 1901 && y <= 2199 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo), () => `${field2}: '${text}' is not a valid date in 1901..2199`, field2);
  return fromYmd(y, mo, d);
}
function inDateRange(serial) {
  if (!(serial >= MIN_SERIAL && serial <= MAX_SERIAL)) throw new DateRangeError(`date serial ${serial} is outside 1901-01-01..2199-12-31`);
  return serial;
}
function toIso(serial) {
  const { year: y, month: m, day: d } = toYmd(serial);
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
function endOfMonth(serial) {
  const { year: y, month: m } = toYmd(serial);
  return fromYmd(y, m, daysInMonth(y, m));
}
function addMonths(serial, months) {
  const { year: y, month: m, day: d } = toYmd(serial);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  if (ny < 1901 || ny > 2199) throw new DateRangeError(`year ${ny} out of bounds. It must be in [1901,2199]`);
  return fromYmd(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}
function addYears(serial, years) {
  return addMonths(serial, 12 * years);
}
function nthWeekday(n, dayOfWeek, monthOfYear, yearNumber) {
  const first = fromYmd(yearNumber, monthOfYear, 1);
  const skip = n - (dayOfWeek >= weekday(first) ? 1 : 0);
  return first + dayOfWeek - weekday(first) + skip * 7;
}

// workers/operations/fixing-set.ts
var BYTES_PER_FIXING = Float64Array.BYTES_PER_ELEMENT + Int32Array.BYTES_PER_ELEMENT;
function encodeFixings(dates, rates) {
  if (dates.length !== rates.length) throw new RangeError(`fixings: ${dates.length} dates but ${rates.length} rates`);
  const n = dates.length;
  const buffer = new SharedArrayBuffer(n * BYTES_PER_FIXING);
  const r = new Float64Array(buffer, 0, n);
  const d = new Int32Array(buffer, n * Float64Array.BYTES_PER_ELEMENT, n);
  for (let i = 0; i < n; i++) {
    d[i] = fromIso(dates[i], "fixings");
    r[i] = rates[i];
  }
  return buffer;
}
function decodeFixings(buffer) {
  const n = buffer.byteLength / BYTES_PER_FIXING;
  if (!Number.isInteger(n)) throw new RangeError(`fixings: a buffer of ${buffer.byteLength} bytes is not a fixing history`);
  const r = new Float64Array(buffer, 0, n);
  const d = new Int32Array(buffer, n * Float64Array.BYTES_PER_ELEMENT, n);
  const history = /* @__PURE__ */ new Map();
  for (let i = 0; i < n; i++) history.set(d[i], r[i]);
  return history;
}

// src/pricing/market-parts.ts
var marketKey = (q) => JSON.stringify([q.marketDataSet, q.valuation, q.side, q.benchmarkRole, q.benchmarkSide, q.floatingIndex, q.benchmarkIndex]);
function fixingSet(part) {
  try {
    return { key: part.content_hash, buffer: encodeFixings(part.dates, part.rates) };
  } catch (error) {
    return { key: part.content_hash, buffer: new SharedArrayBuffer(0), invalid: error.message };
  }
}
function utcDay(valuation2) {
  const t = Date.parse(valuation2);
  if (Number.isNaN(t)) return null;
  const iso = new Date(t).toISOString();
  return iso.length === 24 ? iso.slice(0, 10) : null;
}
async function loadMarketParts(sql2, queries, fixingSets) {
  if (queries.length === 0) return [];
  const generation = fixingSets?.current() ?? 0;
  const known = /* @__PURE__ */ new Map();
  if (fixingSets && fixingSets.size > 0) {
    const days = new Set(queries.map((q) => utcDay(q.valuation)));
    for (const [key, set] of fixingSets.peekEntries()) if (days.has(key.slice(key.lastIndexOf("|") + 1))) known.set(key, set);
    for (const key of known.keys()) fixingSets.get(key);
  }
  const knownKeys = [...known.keys()];
  const input = JSON.stringify(
    queries.map((q, ord) => ({
      ord,
      market_data_set: q.marketDataSet,
      valuation: q.valuation,
      side: q.side,
      benchmark_role: q.benchmarkRole,
      benchmark_side: q.benchmarkSide,
      floating_index: q.floatingIndex,
      benchmark_index: q.benchmarkIndex
    }))
  );
  const parts = await sql2`
    with input as (
      select * from jsonb_to_recordset(${input}::text::jsonb)
        as i(ord int, market_data_set text, valuation timestamptz, side text, benchmark_role text, benchmark_side text,
             floating_index text, benchmark_index text)
    ),
    sets as (
      select s.market_data_set, m.uid as set_uid, m.set_key, n.discount_node, n.fixing_node
      from (select distinct market_data_set from input) s
      left join lateral (
        select uid, set_key from pricing_market_data_sets
        where set_key = s.market_data_set or uid::text = s.market_data_set
        order by (set_key = s.market_data_set) desc limit 1
      ) m on true
      left join lateral (
        select max(data_node_uid::text) filter (where concept_key = 'discount_curves') as discount_node,
               max(data_node_uid::text) filter (where concept_key = 'fixing_rates') as fixing_node
        from pricing_market_data_bindings where market_data_set_uid = m.uid
      ) n on true
    ),
    req as (
      select i.*, st.set_uid, st.set_key, st.discount_node, st.fixing_node,
             (i.valuation at time zone 'UTC')::date as valuation_day
      from input i left join sets st on st.market_data_set = i.market_data_set
    ),
    wants as (
      select r.ord, w.role, w.index_uid, w.side,
             concat_ws('|', r.set_uid, r.discount_node, extract(epoch from r.valuation), w.role, w.index_uid, w.side) as key,
             r.set_uid, r.discount_node, r.valuation
      from req r
      cross join lateral (values ('discount', coalesce(r.floating_index, r.benchmark_index), r.side), ('projection', r.floating_index, r.side),
                                 (r.benchmark_role, r.benchmark_index, r.benchmark_side)) w(role, index_uid, side)
      where w.index_uid is not null and r.set_uid is not null
    ),
    selected as (
      select w.key, w.role, w.index_uid, s.binding_key, s.uid::text as selection_uid, s.source as selection_source,
             c.uid::text as curve_uid, c.unique_identifier as curve_identifier, c.curve_type, c.source as curve_source,
             case when b.curve_uid is null then null else json_build_object(
               'quote_convention', b.quote_convention, 'rate_unit', b.rate_unit, 'compounding', b.compounding,
               'frequency', b.frequency, 'day_counter', b.day_counter, 'calendar', b.calendar,
               'interpolation_method', b.interpolation_method, 'extrapolation', b.extrapolation) end as building,
             o.time_index, o.curve as payload, md5(o.curve) as payload_hash
      from (select distinct on (key) * from wants) w
      left join pricing_curve_selections s
        on s.market_data_set_uid = w.set_uid and s.status = 'ACTIVE' and s.binding_key = w.role || ':index:' || w.index_uid || ':' || w.side
      left join pricing_curves c on c.uid = s.curve_uid
      left join curve_building_details b on b.curve_uid = c.uid
      left join lateral (
        select time_index, curve from discount_curve_observations
        where data_node_uid = w.discount_node::uuid and curve_identifier = c.unique_identifier and time_index <= w.valuation
        order by time_index desc limit 1
      ) o on true
    ),
    wants_by_request as (select ord, json_agg(key) as keys from wants group by ord),
    -- floating indexes by primary key (a stored uid that is not a UUID selects nothing, never an error)
    floating as (
      select ix.uid::text as uid, ix.unique_identifier as identifier, cd.convention_dump as convention
      from (select distinct floating_index from req where floating_index ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') f
      join indexes ix on ix.uid = f.floating_index::uuid
      left join index_convention_details cd on cd.index_uid = ix.uid
    ),
    -- one fixing set per node, index and valuation day: every fixing up to that day, whichever bonds need it, so
    -- that its content depends on its key alone and the main thread caches it; the sets it holds are not read again
    windows as (
      select distinct concat_ws('|', r.fixing_node, fl.uid, r.valuation_day) as key, r.fixing_node, fl.identifier, r.valuation_day
      from req r join floating fl on fl.uid = r.floating_index
      where r.fixing_node is not null
    ),
    fixing_sets as (
      select w.key, f.dates, f.rates
      from (select * from windows where key <> all(${knownKeys}::text[])) w
      cross join lateral (
        select coalesce(json_agg(f.fixing_date order by f.fixing_date), '[]'::json) as dates,
               coalesce(json_agg(f.rate order by f.fixing_date), '[]'::json) as rates
        from index_fixings f
        where f.data_node_uid = w.fixing_node::uuid and f.index_identifier = w.identifier
          and f.fixing_date <= w.valuation_day
      ) f
    )
    select 'market' as kind, r.ord, null as key, json_build_object(
             'set_uid', r.set_uid, 'set_key', r.set_key,
             'discount_node_uid', r.discount_node, 'fixing_node_uid', r.fixing_node,
             'curve_keys', coalesce(wr.keys, '[]'::json),
             'floating_index_uid', (select fl.uid from floating fl where fl.uid = r.floating_index),
             'fixings_key', case when r.fixing_node is null then null else concat_ws('|', r.fixing_node, r.floating_index, r.valuation_day) end) as data
    from req r left join wants_by_request wr on wr.ord = r.ord
    union all select 'curve', null, key, to_json(selected) from selected
    union all select 'index', null, uid, to_json(floating) from floating
    union all select 'fixings', null, key, json_build_object('dates', dates, 'rates', rates, 'content_hash', md5(dates::text || rates::text)) from fixing_sets`;
  const curves = /* @__PURE__ */ new Map();
  const indexes = /* @__PURE__ */ new Map();
  const fixings = /* @__PURE__ */ new Map();
  const rows = [];
  for (const part of parts) {
    if (part.kind === "market") rows[part.ord] = part.data;
    else if (part.kind === "curve") curves.set(part.key, part.data);
    else if (part.kind === "index") indexes.set(part.key, part.data);
    else {
      const set = fixingSet(part.data);
      fixings.set(part.key, set);
      fixingSets?.get(part.key);
      fixingSets?.set(part.key, set, generation);
    }
  }
  return rows.map(({ curve_keys, floating_index_uid, fixings_key, ...row }) => ({
    ...row,
    curves: curve_keys.map((key) => curves.get(key)).filter((c) => c !== void 0),
    floating_index: floating_index_uid ? indexes.get(floating_index_uid) ?? null : null,
    fixings: fixings_key ? fixings.get(fixings_key) ?? known.get(fixings_key) ?? null : null
  }));
}

// src/pricing/repository.ts
var termsColumns = (sql2) => sql2`
  d.instrument_type, d.instrument_dump, d.instrument_dump::text as terms_json, md5(d.instrument_dump::text) as terms_hash,
  d.instrument_dump ->> 'floating_rate_index_uid' as floating_index,
  d.instrument_dump ->> 'benchmark_rate_index_uid' as benchmark_index`;
async function loadAssetTerms(sql2, uids2) {
  const rows = await sql2`
    select a.uid::text as asset_uid, ${termsColumns(sql2)}
    from assets a left join asset_pricing_details d on d.asset_uid = a.uid
    where a.uid = any(${uids2}::uuid[])`;
  return new Map(rows.map((r) => [r.asset_uid, r]));
}
async function loadPricingContexts(sql2, queries, caches = {}) {
  const { terms: termsCache, markets: marketCache, fixingSets } = caches;
  const termsGeneration = termsCache?.current() ?? 0;
  const marketGeneration = marketCache?.current() ?? 0;
  const terms = /* @__PURE__ */ new Map();
  const missingTerms = /* @__PURE__ */ new Set();
  for (const q of queries) {
    const cached = termsCache?.get(q.assetUid);
    if (cached) terms.set(q.assetUid, cached);
    else missingTerms.add(q.assetUid);
  }
  if (missingTerms.size > 0) {
    for (const [uid, row] of await loadAssetTerms(sql2, [...missingTerms])) {
      terms.set(uid, row);
      termsCache?.set(uid, row, termsGeneration);
    }
  }
  const marketQueries = queries.map((q) => {
    const t = terms.get(q.assetUid);
    return t?.instrument_type == null ? void 0 : marketQueryOf(q, t);
  });
  const markets = /* @__PURE__ */ new Map();
  const missingMarkets = /* @__PURE__ */ new Map();
  for (const m of marketQueries) {
    if (!m) continue;
    const { key } = m;
    if (markets.has(key) || missingMarkets.has(key)) continue;
    const cached = marketCache?.get(key);
    if (cached) markets.set(key, cached);
    else missingMarkets.set(key, m);
  }
  if (missingMarkets.size > 0) {
    const loaded = await loadMarketParts(sql2, [...missingMarkets.values()], fixingSets);
    [...missingMarkets.keys()].forEach((key, i) => {
      markets.set(key, loaded[i]);
      marketCache?.set(key, loaded[i], marketGeneration);
    });
  }
  return queries.map((q, i) => {
    const t = terms.get(q.assetUid);
    if (!t) return void 0;
    const m = marketQueries[i];
    return assemble(t, m ? markets.get(m.key) : void 0);
  });
}
function marketQueryOf(q, t) {
  return { ...q, floatingIndex: t.floating_index, benchmarkIndex: t.benchmark_index, key: marketKeyOf(q, t) };
}
var marketKeyOf = (q, t) => marketKey({
  marketDataSet: q.marketDataSet,
  valuation: q.valuation,
  side: q.side,
  benchmarkRole: q.benchmarkRole,
  benchmarkSide: q.benchmarkSide,
  floatingIndex: t.floating_index,
  benchmarkIndex: t.benchmark_index
});
function assemble(t, market) {
  return {
    asset_uid: t.asset_uid,
    instrument_type: t.instrument_type,
    instrument_dump: t.instrument_dump,
    terms_json: t.terms_json,
    terms_hash: t.terms_hash,
    set_uid: market?.set_uid ?? null,
    set_key: market?.set_key ?? null,
    discount_node_uid: market?.discount_node_uid ?? null,
    fixing_node_uid: market?.fixing_node_uid ?? null,
    curves: market?.curves ?? [],
    floating_index: market?.floating_index ?? null,
    fixings: market?.fixings ?? null
  };
}

// src/http/ajv.ts
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";

// src/http/date-time.ts
var MIN_YEAR = 1901;
var MAX_YEAR = 2199;
var FORM = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})?)?$/;
var daysIn = (y, m) => m === 2 ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28 : [4, 6, 9, 11].includes(m) ? 30 : 31;
function parseDateTimeInput(text) {
  const m = FORM.exec(text);
  if (!m) {
    const reason = /[+-]\d{2}(\d{2})?$/.test(text) && /T/i.test(text) ? "the offset must be \xB1HH:MM (or Z)" : "expected an RFC 3339 date-time (2026-11-20T00:00:00Z), a naive date-time read as UTC, or a date (2026-11-20)";
    return { ok: false, reason };
  }
  const [year2, month2, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) => v === void 0 ? void 0 : Number(v));
  if (year2 < MIN_YEAR - 1 || year2 > MAX_YEAR + 1) return { ok: false, reason: `the year must be within ${MIN_YEAR}-${MAX_YEAR} (UTC)` };
  if (month2 < 1 || month2 > 12) return { ok: false, reason: `month ${month2} is not 1-12` };
  if (day < 1 || day > daysIn(year2, month2)) return { ok: false, reason: `day ${day} is not in ${m[1]}-${m[2]}` };
  if (hour > 23 || minute > 59) return { ok: false, reason: `time ${m[4]}:${m[5]} is not a time of day` };
  if (second === 60) return { ok: false, reason: "leap seconds (second 60) are not supported" };
  if (second > 59) return { ok: false, reason: `second ${second} is not 0-59` };
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone && zone !== "Z" && zone !== "z") {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return { ok: false, reason: `offset ${zone} is not an offset` };
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1e3 + 1e-6) : 0;
  const utc = Date.UTC(year2, month2 - 1, day, hour, minute, second, millis) - offsetMinutes * 6e4;
  const iso = new Date(utc).toISOString();
  const utcYear = Number(iso.slice(0, 4));
  if (iso.startsWith("-") || iso.startsWith("+") || utcYear < MIN_YEAR || utcYear > MAX_YEAR) {
    return { ok: false, reason: `the year must be within ${MIN_YEAR}-${MAX_YEAR} (UTC)` };
  }
  return { ok: true, iso };
}

// src/http/ajv.ts
var addFormats = addFormatsModule.default ?? addFormatsModule;
var normalizeDateTime = (_schema, data, _parent, cxt) => {
  if (typeof data !== "string") return true;
  const parsed2 = parseDateTimeInput(data);
  if (!parsed2.ok) {
    normalizeDateTime.errors = [{ keyword: "x-utc-date-time", message: parsed2.reason, params: {} }];
    return false;
  }
  if (cxt?.parentData !== void 0 && cxt.parentDataProperty !== void 0) cxt.parentData[cxt.parentDataProperty] = parsed2.iso;
  return true;
};
function createAjv(options) {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    // OpenAPI annotations carried by our schemas are not validation keywords
    keywords: ["x-ui-contract", "x-workspace-consumer", "x-ui-output-root", "x-ui-response-mode", "x-ui-flat-outputs", "x-response-mappings"],
    ...options
  });
  addFormats(ajv);
  ajv.addFormat("date-time", { type: "string", validate: (s) => parseDateTimeInput(s).ok });
  ajv.addKeyword({ keyword: "x-utc-date-time", type: "string", modifying: true, errors: true, validate: normalizeDateTime });
  return ajv;
}

// src/http/validation.ts
var bodyAjv = createAjv({ coerceTypes: false, useDefaults: true, removeAdditional: false });
var textAjv = createAjv({ coerceTypes: "array", useDefaults: true, removeAdditional: false });

// src/http/errors.ts
var HttpError = class extends Error {
  /** `errors`: where and what, as validation failures list them (input-safety refusals carry one) */
  constructor(statusCode, detail, errors) {
    super(detail);
    this.statusCode = statusCode;
    this.detail = detail;
    this.errors = errors;
  }
  statusCode;
  detail;
  errors;
  name = "HttpError";
};
var conflict = (detail) => new HttpError(409, detail);

// src/db/curve-payload.ts
import { gzipSync, gunzipSync } from "node:zlib";
function decodePayload(text) {
  return JSON.parse(gunzipSync(Buffer.from(text, "base64")).toString("utf8"));
}
function decodeCurve(text) {
  const obj = decodePayload(text);
  const entries = Object.entries(obj).map(([d, z]) => [Number(d), Number(z)]).sort((a, b) => a[0] - b[0]);
  return { days_to_maturity: entries.map((e) => e[0]), zero: entries.map((e) => e[1]) };
}

// src/pricing/content-key.ts
import { createHash } from "node:crypto";
function contentKey(...inputs) {
  return createHash("sha256").update(JSON.stringify(inputs)).digest("base64url").slice(0, 22);
}

// workers/operations/bounded-cache.ts
var BoundedCache = class {
  constructor(capacity, weigh, maxWeight = Infinity) {
    this.capacity = capacity;
    this.weigh = weigh;
    this.maxWeight = maxWeight;
  }
  capacity;
  weigh;
  maxWeight;
  entries = /* @__PURE__ */ new Map();
  weight = 0;
  hits = 0;
  misses = 0;
  counter = 0;
  cursor;
  get(key) {
    const entry = this.entries.get(key);
    if (entry === void 0) {
      this.misses++;
      return void 0;
    }
    this.hits++;
    if (this.counter - entry.stamp >= this.entries.size >> 1) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.stamp = ++this.counter;
    }
    return entry.value;
  }
  /** Whether the key is cached, without counting a hit or a miss or refreshing it. */
  has(key) {
    return this.entries.has(key);
  }
  /** The cached value, without counting a hit or a miss or refreshing it. */
  peek(key) {
    return this.entries.get(key)?.value;
  }
  set(key, value) {
    this.remove(key);
    const weight = this.weigh ? this.weigh(value) : 0;
    this.entries.set(key, { value, weight, stamp: ++this.counter });
    this.weight += weight;
    this.evict();
  }
  remove(key) {
    const entry = this.entries.get(key);
    if (entry === void 0) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
  /** Least recently used first, down to both bounds (the newest entry always stays). */
  evict() {
    while (this.entries.size > this.capacity || this.weight > this.maxWeight && this.entries.size > 1) this.remove(this.oldest());
  }
  /**
   * The oldest key, read by a cursor that stays where the last eviction left it: everything before it is gone, and
   * a fresh iterator would walk over all those deleted entries again (until the Map is next rehashed) on every
   * eviction.
   */
  oldest() {
    let next = this.cursor?.next();
    if (next === void 0 || next.done) {
      this.cursor = this.entries.keys();
      next = this.cursor.next();
    }
    return next.value;
  }
  /** Every entry, least recently used first, without counting a hit or moving any. */
  *peekEntries() {
    for (const [key, entry] of this.entries) yield [key, entry.value];
  }
  /** The cached value, or `make()` stored under the key. */
  getOrSet(key, make2) {
    let value = this.get(key);
    if (value === void 0) {
      value = make2();
      this.set(key, value);
    }
    return value;
  }
  resize(capacity, maxWeight = this.maxWeight) {
    this.capacity = capacity;
    this.maxWeight = maxWeight;
    this.evict();
  }
  clear() {
    this.entries.clear();
    this.weight = 0;
    this.cursor = void 0;
  }
  get size() {
    return this.entries.size;
  }
  stats() {
    return { size: this.entries.size, capacity: this.capacity, hits: this.hits, misses: this.misses };
  }
};

// src/contracts/tabular-frame.ts
import { Type as Type2 } from "typebox";

// src/contracts/common.ts
import { Type } from "typebox";
var Uid = Type.String({ format: "uuid", description: "UUID", examples: ["3f1c2a9e-7a51-4c1e-9a43-4d3f5b1f0c11"] });
var IsoDate = Type.String({ format: "date", description: "ISO 8601 date (YYYY-MM-DD)" });
var DateTime = Type.String({
  format: "date-time",
  "x-utc-date-time": true,
  description: "ISO 8601 date-time in UTC. Input: RFC 3339 with an offset, a naive date-time (UTC) or a date (UTC midnight); years 1901-2199."
});
var JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: "free-form JSON object" });
var Nullable = (schema) => Type.Union([schema, Type.Null()]);
var ErrorResponse = Type.Object(
  {
    detail: Type.String({ description: "what went wrong, and where" }),
    errors: Type.Optional(
      Type.Array(Type.Object({ location: Type.String(), message: Type.String() }, { additionalProperties: false }), {
        description: "every validation failure (422 only)"
      })
    )
  },
  { additionalProperties: false, title: "ErrorResponse" }
);
var UidParams = Type.Object({ uid: Uid }, { additionalProperties: false });

// src/contracts/tabular-frame.ts
var TABULAR_FRAME_CONTRACT = "core.tabular_frame@v1";
var FrameFieldType = Type2.Enum(["string", "number", "integer", "boolean", "datetime", "date", "time", "json", "unknown"]);
var FrameField = Type2.Object(
  {
    key: Type2.String(),
    label: Type2.Optional(Type2.String()),
    description: Type2.Optional(Type2.String()),
    type: FrameFieldType,
    nullable: Type2.Optional(Type2.Boolean()),
    nativeType: Type2.Optional(Type2.String()),
    provenance: Type2.Optional(Type2.String()),
    reason: Type2.Optional(Type2.String()),
    derivedFrom: Type2.Optional(Type2.Array(Type2.String())),
    warnings: Type2.Optional(Type2.Array(Type2.String()))
  },
  { additionalProperties: false, title: "TabularFrameField" }
);
var FrameSource = Type2.Object(
  {
    kind: Type2.String(),
    id: Type2.Optional(Type2.String()),
    label: Type2.Optional(Type2.String()),
    updatedAtMs: Type2.Optional(Type2.Integer()),
    context: Type2.Optional(JsonObject)
  },
  { additionalProperties: false, title: "TabularFrameSource" }
);
var TabularFrameResponse = Type2.Object(
  {
    status: Type2.Enum(["idle", "loading", "ready", "error"]),
    error: Type2.Optional(Type2.Union([Type2.String(), JsonObject])),
    columns: Type2.Array(Type2.String({ minLength: 1 })),
    rows: Type2.Array(JsonObject),
    fields: Type2.Optional(Type2.Array(FrameField)),
    meta: Type2.Optional(JsonObject),
    source: Type2.Optional(FrameSource)
  },
  {
    additionalProperties: false,
    title: "TabularFrameResponse",
    description: "core.tabular_frame@v1: a table any front end can bind to. Absent error, meta and field attributes are left out, never null.",
    "x-ui-contract": TABULAR_FRAME_CONTRACT
  }
);

// src/pricing/schemas.ts
import { Type as Type3 } from "typebox";
var Opt = (schema, description) => Type3.Optional(Nullable({ ...schema, description }));
var QuoteSide = Type3.String({ pattern: "^[A-Za-z][A-Za-z0-9_-]{0,31}$", description: "curve quote side, e.g. mid or offer" });
var Compounding = Type3.Enum(["Simple", "Compounded", "Continuous", "SimpleThenCompounded", "CompoundedThenSimple"]);
var FrequencyName = Type3.Enum(["Once", "Annual", "Semiannual", "EveryFourthMonth", "Quarterly", "Bimonthly", "Monthly", "EveryFourthWeek", "Biweekly", "Weekly", "Daily"]);
var DurationType = Type3.Enum(["Simple", "Macaulay", "Modified", "Effective", "KeyRate"]);
var flatYield = {
  with_yield: Opt(Type3.Number({ minimum: -0.99, maximum: 10 }), "price on a flat curve at this yield (decimal) instead of the selected discount curve"),
  flat_compounding: Opt(Compounding, "compounding of with_yield (default Compounded)"),
  flat_frequency: Opt(FrequencyName, "frequency of with_yield (default Annual)")
};
var CurveQuoteSide = Opt(QuoteSide, "quote side of the discount and projection curve selections (default mid)");
var curveSide = { curve_quote_side: CurveQuoteSide };
var BumpBp = Opt(Type3.Number({ exclusiveMinimum: 0, maximum: 1e3, default: 1 }), "parallel zero-rate bump of effective and key-rate risk, in basis points (default 1)");
var KeyRateTenors = Opt(
  Type3.Array(Type3.String({ pattern: "^[1-9][0-9]{0,3}[DdWwMmYy]$" }), { minItems: 2, maxItems: 40, uniqueItems: true }),
  "key-rate risk: at least two increasing tenors from each curve's reference date (default 3M 6M 1Y 2Y 3Y 5Y 7Y 10Y 15Y 20Y 30Y)"
);
var bump = { bump_bp: BumpBp };
var includePaid = {
  include_paid: Type3.Optional(Nullable(Type3.Boolean({ default: false, description: "also list the flows paid on or before the valuation date (their floating amounts need historic fixings)" })))
};
var params = (title, properties) => Type3.Object(properties, { additionalProperties: false, title });
var OPERATION_PARAMETERS = {
  price: params("PriceParameters", { ...flatYield, ...curveSide }),
  analytics: params("AnalyticsParameters", { ...flatYield, ...curveSide, ...bump }),
  duration: params("DurationParameters", {
    ...flatYield,
    ...curveSide,
    ...bump,
    duration_type: Type3.Optional(Nullable({ ...DurationType, default: "Modified", description: "Simple, Macaulay or Modified (default) at the yield of the model price; Effective or KeyRate from curve bumps" })),
    key_rate_tenors: KeyRateTenors
  }),
  yield: params("YieldParameters", { override_clean_price: Opt(Type3.Number({ exclusiveMinimum: 0 }), "clean price per 100 to solve the yield from, instead of the model price") }),
  "z-spread": params("ZSpreadParameters", {
    target_dirty_ccy: Type3.Number({ description: "target dirty value of the position in currency (required)" }),
    curve_quote_side: Opt(QuoteSide, "quote side of the projection curve, and of the benchmark when benchmark_curve_quote_side is omitted"),
    benchmark_curve_role_key: Type3.Optional(Nullable(Type3.String({ minLength: 1, maxLength: 64, default: "z_spread_base", description: "curve-selection role of the benchmark" }))),
    benchmark_curve_quote_side: Opt(QuoteSide, "quote side of the benchmark curve selection"),
    benchmark_curve_uid: Opt(Uid, "use this curve as the benchmark instead of the selection"),
    benchmark_curve_unique_identifier: Opt(Type3.String({ minLength: 1, maxLength: 255 }), "use the curve with this identifier as the benchmark"),
    benchmark_expected_curve_type: Opt(Type3.String({ minLength: 1, maxLength: 64 }), "the benchmark curve must have this curve_type"),
    use_quantlib: Type3.Optional(Nullable(Type3.Boolean({ default: true, description: "solve with the QuantLib-exact core (the only engine)" }))),
    tol: Type3.Optional(Nullable(Type3.Number({ exclusiveMinimum: 0, maximum: 0.01, default: 1e-12, description: "solver accuracy" }))),
    max_iter: Type3.Optional(Nullable(Type3.Integer({ minimum: 1, maximum: 1e4, default: 200, description: "maximum solver evaluations" })))
  }),
  cashflows: params("CashflowsParameters", { ...curveSide, ...includePaid }),
  "net-cashflows": params("NetCashflowsParameters", { ...curveSide, ...includePaid }),
  "carry-roll-down": params("CarryRollDownParameters", {
    horizon_days: Type3.Integer({ minimum: 1, maximum: 36500, description: "horizon in business days of the bond calendar (required)" }),
    clean: Type3.Optional(Nullable(Type3.Boolean({ default: true, description: "report clean (true) or dirty prices" }))),
    ...flatYield,
    ...curveSide
  }),
  "curve-preview": params("CurvePreviewParameters", { ...flatYield, ...curveSide, benchmark_curve_quote_side: Opt(QuoteSide, "quote side of the z-spread benchmark curve reference") }),
  "fixings-availability": params("FixingsAvailabilityParameters", { ...flatYield })
};
var OPERATION_KEYS = Object.keys(OPERATION_PARAMETERS);
var titleOf = (schema) => schema.title ?? "";
var requestFields = {
  valuation_date: DateTime,
  market_data_set: Type3.String({ minLength: 1, pattern: "\\S", description: "market-data set key or uid (required by every operation)" })
};
var AssetPricingOperationRequest = Type3.Object(
  {
    ...requestFields,
    parameters: Type3.Optional(
      Type3.Record(Type3.String(), Type3.Unknown(), { default: {}, description: `operation-specific; unknown parameters are rejected: ${Object.values(OPERATION_PARAMETERS).map(titleOf).join(", ")}` })
    )
  },
  { additionalProperties: false, title: "AssetPricingOperationRequest" }
);
var AssetUidParams = Type3.Object({ asset_uid: Uid }, { additionalProperties: false });
var envelope = {
  asset_uid: Type3.String(),
  instrument_type: Type3.String(),
  operation: Type3.String(),
  valuation_date: DateTime,
  market_data_set: Type3.String()
};
var response = (title, extra3) => Type3.Object({ ...envelope, ...extra3 }, { additionalProperties: false, title });
var Num = Type3.Number();
var FixedRow = Type3.Object({ payment_date: IsoDate, rate: Num, amount: Num, accrual_start_date: Type3.Optional(IsoDate), accrual_end_date: Type3.Optional(IsoDate), nominal: Type3.Optional(Num), accrual_period: Type3.Optional(Num) }, { additionalProperties: true });
var LegRows = Type3.Array(Type3.Object({ payment_date: IsoDate, amount: Num }, { additionalProperties: true }));
var RESPONSES = {
  price: response("BondPriceResponse", { price: Num, units: Type3.Literal("npv") }),
  analytics: response("BondAnalyticsResponse", {
    analytics: Type3.Object({ clean_price: Num, dirty_price: Num, accrued_amount: Num }, { additionalProperties: Num, description: "clean, dirty and accrued per 100 at settlement, and more analytics (yield, durations, convexity, bpv, npv, effective_duration, effective_convexity, dv01...)" })
  }),
  duration: response("BondDurationResponse", {
    duration_type: Type3.String(),
    duration: Num,
    key_rate_durations: Type3.Optional(
      Type3.Array(Type3.Object({ tenor: Type3.String(), duration: Num }, { additionalProperties: false, title: "KeyRateDuration" }), { description: "KeyRate only: one duration per tenor; `duration` is their sum" })
    )
  }),
  yield: response("BondYieldResponse", { yield: Num }),
  "z-spread": response("BondZSpreadResponse", {
    target_dirty_ccy: Num,
    z_spread: Num,
    units: Type3.Literal("decimal"),
    oas: Type3.Optional({ ...Num, description: "CallableFixedRateBond only: continuous spread over the benchmark at which the Hull-White tree reprices the target (decimal)" })
  }),
  cashflows: response("BondCashflowsResponse", {
    legs: Type3.Object({ fixed: Type3.Optional(Type3.Array(FixedRow)), floating: Type3.Optional(LegRows), redemption: Type3.Optional(LegRows), amortization: Type3.Optional(LegRows) }, { additionalProperties: LegRows })
  }),
  "net-cashflows": response("BondNetCashflowsResponse", { cashflows: Type3.Array(Type3.Object({ payment_date: IsoDate, net_cashflow: Num }, { additionalProperties: false })) }),
  "carry-roll-down": response("BondCarryRollDownResponse", { horizon_days: Type3.Integer(), metrics: Type3.Record(Type3.String(), Num) }),
  "curve-preview": response("BondCurvePreviewResponse", {
    curves: Type3.Array(
      Type3.Object(
        {
          role: Type3.String(),
          curve_uid: Type3.String(),
          curve_identifier: Type3.String(),
          curve_type: Type3.String(),
          index_uid: Nullable(Type3.String()),
          binding_quote_side: Nullable(Type3.String()),
          source: Nullable(Type3.String()),
          discount_curve_url: Type3.String(),
          discount_curve_query_params: Type3.Object({ market_data_set: Type3.String(), valuation_date: DateTime }, { additionalProperties: false })
        },
        { additionalProperties: false, title: "CurveRef" }
      )
    ),
    diagnostics: Type3.Object({ pricing_engine_id: Type3.String(), curve_reference_warnings: Type3.Optional(Type3.Array(Type3.String())) }, { additionalProperties: false })
  }),
  "fixings-availability": response("BondFixingsAvailabilityResponse", {
    status: Type3.Enum(["complete", "partial", "missing", "not_required"], { description: "worst row status; not_required (with no rows) for instruments that need no fixings" }),
    fixings: Type3.Array(
      Type3.Object(
        {
          index_uid: Type3.String(),
          index_identifier: Type3.String(),
          required_start_date: IsoDate,
          required_end_date: IsoDate,
          available_start_date: Nullable(IsoDate),
          available_end_date: Nullable(IsoDate),
          missing_count: Type3.Integer({ minimum: 0 }),
          status: Type3.Enum(["complete", "partial", "missing"], { description: "complete: nothing missing; missing: none of the required fixings is stored; partial: some are" })
        },
        { additionalProperties: false, title: "FixingRow" }
      )
    )
  })
};
var PricingDetailsParams = Type3.Object({ uid: Uid }, { additionalProperties: false });
var OperationDescriptor = Type3.Object(
  {
    key: Type3.String(),
    label: Type3.String(),
    method: Type3.Literal("POST"),
    url: Type3.String(),
    requires_valuation_date: Type3.Boolean(),
    supports_market_data_set: Type3.Boolean(),
    requires_market_data_set: Type3.Boolean(),
    request_model: Type3.String(),
    response_model: Type3.String(),
    response_contract: Type3.String(),
    app_component: Type3.Object({ output_root: Type3.String(), flat_outputs: Type3.Array(Type3.String()) }, { additionalProperties: false }),
    parameters: Type3.Array(Type3.Object({ key: Type3.String(), required: Type3.Boolean() }, { additionalProperties: false })),
    response_mappings: Type3.Array(JsonObject),
    frame_url: Nullable(Type3.String()),
    frame_response_model: Nullable(Type3.String()),
    frame_response_contract: Nullable(Type3.String())
  },
  { additionalProperties: false, title: "OperationDescriptor" }
);
var PricingSupport = Type3.Object(
  {
    supported: Type3.Boolean(),
    instrument_type: Type3.String(),
    operations: Type3.Array(OperationDescriptor),
    reason: Nullable(Type3.String())
  },
  { additionalProperties: false, title: "PricingSupport" }
);
var PricingDetailsResponse = Type3.Object(
  {
    asset_uid: Type3.String(),
    instrument_type: Type3.String(),
    instrument_dump: JsonObject,
    pricing_details_date: DateTime,
    serialization_format: Type3.String(),
    pricing_package_version: Nullable(Type3.String()),
    source: Nullable(Type3.String()),
    metadata_json: Nullable(JsonObject),
    pricing_support: PricingSupport
  },
  { additionalProperties: false, title: "AssetCurrentPricingDetailsResponse" }
);

// src/pricing/operations.ts
var isFloating = (type) => type === "FloatingRateBond" || type === "AmortizingFloatingRateBond";
var mapping = (id, rowsPath, fieldTypes) => ({
  id,
  contract: TABULAR_FRAME_CONTRACT,
  statusCode: "200",
  contentType: "application/json",
  rowsPath,
  fieldTypes
});
var PRICER_OPERATIONS = [
  {
    key: "price",
    label: "Price",
    operationId: "priceFixedIncomeAsset",
    responseModel: "BondPriceResponse",
    summary: "Price a fixed-income asset",
    description: "NPV in currency at the discount curve reference date, with the selected market-data set.",
    outputRoot: "response:$",
    flatOutputs: ["price", "units"],
    responseMappings: []
  },
  {
    key: "analytics",
    label: "Analytics",
    operationId: "getFixedIncomeAssetAnalytics",
    responseModel: "BondAnalyticsResponse",
    summary: "Bond analytics",
    description: "Clean and dirty price and accrued amount per 100 at settlement, with yield, durations, convexity and BPV.",
    outputRoot: "response:$",
    flatOutputs: ["analytics.clean_price", "analytics.dirty_price", "analytics.accrued_amount"],
    responseMappings: []
  },
  {
    key: "duration",
    label: "Duration",
    operationId: "getFixedIncomeAssetDuration",
    responseModel: "BondDurationResponse",
    summary: "Bond duration",
    description: "Simple, Macaulay or Modified duration at the yield of the model price.",
    outputRoot: "response:$",
    flatOutputs: ["duration_type", "duration"],
    responseMappings: []
  },
  {
    key: "yield",
    label: "Yield",
    operationId: "getFixedIncomeAssetYield",
    responseModel: "BondYieldResponse",
    summary: "Bond yield",
    description: "Yield (compounded at the coupon frequency, bond day count) of the model clean price, or of override_clean_price.",
    outputRoot: "response:$",
    flatOutputs: ["yield"],
    responseMappings: []
  },
  {
    key: "z-spread",
    label: "Z-spread",
    operationId: "getFixedIncomeAssetZSpread",
    responseModel: "BondZSpreadResponse",
    summary: "Bond z-spread",
    description: "Continuous spread over the benchmark curve that reprices the position to target_dirty_ccy.",
    outputRoot: "response:$",
    flatOutputs: ["target_dirty_ccy", "z_spread", "units"],
    responseMappings: []
  },
  {
    key: "cashflows",
    label: "Cashflows",
    operationId: "getFixedIncomeAssetCashflows",
    responseModel: "BondCashflowsResponse",
    summary: "Bond cashflows by leg",
    description: "The cash flows not yet paid at the valuation date (a flow paid on it is not listed), grouped by leg (fixed, floating, amortization, redemption); include_paid adds the paid ones. Floating rows carry payment_date, fixing_date, rate, spread and amount.",
    outputRoot: "response:$",
    flatOutputs: ["legs.fixed", "legs.floating", "legs.amortization", "legs.redemption"],
    responseMappings: [mapping("cashflow_rows_by_leg", "$.legs.*[*]", { payment_date: "date", amount: "number", rate: "number" })],
    frame: { operationId: "getFixedIncomeAssetCashflowsFrame", label: "Fixed income cashflows", rows: "legs" }
  },
  {
    key: "net-cashflows",
    label: "Net cashflows",
    operationId: "getFixedIncomeAssetNetCashflows",
    responseModel: "BondNetCashflowsResponse",
    summary: "Bond net cashflows",
    description: "The cash flows not yet paid at the valuation date (include_paid adds the paid ones), netted by payment date.",
    outputRoot: "response:$",
    flatOutputs: ["cashflows"],
    responseMappings: [mapping("net_cashflows", "$.cashflows", { payment_date: "date", net_cashflow: "number" })],
    frame: { operationId: "getFixedIncomeAssetNetCashflowsFrame", label: "Fixed income net cashflows", rows: "cashflows" }
  },
  {
    key: "carry-roll-down",
    label: "Carry and roll-down",
    operationId: "getFixedIncomeAssetCarryRollDown",
    responseModel: "BondCarryRollDownResponse",
    summary: "Bond carry and roll-down",
    description: "Prices the instrument, then carry and roll-down over horizon_days business days of the bond calendar: p1 on today's curve seen from the horizon (forwards unchanged; callables on the same Hull-White tree) and at today's yield, every price figure per 100 of the notional at today's settlement, coupons_between_ccy in currency. Extra keys give the constant-tenor (rolled-curve) roll-down; clean adds the clean figures.",
    outputRoot: "response:$",
    flatOutputs: ["horizon_days", ...["p0_dirty_per100", "p0_clean_per100", "p1_dirty_per100_unchanged_curve", "p1_dirty_per100_const_yield", "cr_dirty", "carry_const_dirty", "roll_down_dirty", "coupons_between_ccy", "cr_plus_coupons_dirty"].map((k) => `metrics.${k}`)],
    responseMappings: []
  },
  {
    key: "curve-preview",
    label: "Curve preview",
    operationId: "previewFixedIncomeAssetCurve",
    responseModel: "BondCurvePreviewResponse",
    summary: "Curves behind a price",
    description: "Prices the instrument and returns references to the curves it used (never their nodes) and the pricing engine.",
    outputRoot: "response:$",
    flatOutputs: ["curves", "diagnostics.pricing_engine_id"],
    responseMappings: []
  },
  {
    key: "fixings-availability",
    label: "Fixings availability",
    operationId: "checkFixedIncomeAssetFixingsAvailability",
    responseModel: "BondFixingsAvailabilityResponse",
    summary: "Fixings coverage",
    description: "Per-index coverage of the fixings pricing needs: those of coupons not yet paid that fixed before the valuation date, within a window from the earlier of their first fixing and valuation date \u2212 365 days to the valuation date; not_required (no rows) for fixed-rate instruments.",
    outputRoot: "response:$",
    flatOutputs: ["status", "fixings"],
    responseMappings: []
  }
];

// src/pricing/market-data.ts
function neededCurves(op, instrumentType, parameters) {
  const floating = isFloating(instrumentType);
  const withYield = parameters.with_yield !== void 0 && parameters.with_yield !== null;
  const roles = [];
  if (floating && op !== "fixings-availability") roles.push("projection");
  switch (op) {
    case "price":
    case "analytics":
    case "duration":
    case "carry-roll-down":
    case "curve-preview":
    case "risk":
      if (!withYield) roles.push("discount");
      break;
    case "yield":
      if (parameters.override_clean_price === void 0 || parameters.override_clean_price === null) roles.push("discount");
      break;
    case "z-spread":
      roles.push("benchmark");
      break;
    default:
      break;
  }
  return roles;
}
var decodedCurves = new BoundedCache(2048);
function resolveCurveRow(row, role, ctx, req, describe) {
  const set = ctx.set_key ?? req.marketDataSet;
  if (!row || !row.curve_uid) {
    throw conflict(`Market-data set '${set}' has no active curve selection for ${describe}.`);
  }
  if (!row.building) throw conflict(`Curve '${row.curve_identifier}' selected for ${describe} has no curve building details.`);
  if (!ctx.discount_node_uid) throw conflict(`Market-data set '${set}' has no 'discount_curves' binding, so curve '${row.curve_identifier}' cannot be read.`);
  if (!row.time_index || !row.payload) {
    throw conflict(`Curve '${row.curve_identifier}' (${describe}) has no observation at or before ${req.valuation} in market-data set '${set}'.`);
  }
  const observation = new Date(row.time_index).toISOString();
  const referenceDate = observation.slice(0, 10);
  row.content_key ??= contentKey(referenceDate, row.payload_hash ?? row.payload, row.building);
  const cacheKey = row.content_key;
  return {
    role,
    selection_role: row.role,
    cache_key: cacheKey,
    curve_uid: row.curve_uid,
    curve_identifier: row.curve_identifier ?? "",
    curve_type: row.curve_type ?? "",
    curve_source: row.curve_source ?? row.selection_source,
    index_uid: row.index_uid,
    quote_side: row.binding_key ? row.binding_key.slice(row.binding_key.lastIndexOf(":") + 1) : null,
    reference_date: referenceDate,
    observation_time: observation,
    nodes: decodedCurves.getOrSet(cacheKey, () => decodeCurve(row.payload)),
    building: row.building
  };
}
function resolveMarketData(ctx, req, benchmark) {
  const type = ctx.instrument_type ?? "";
  const dump = ctx.instrument_dump ?? {};
  const set = ctx.set_key ?? req.marketDataSet;
  const result = { curves: {}, floating: null };
  for (const role of neededCurves(req.operation, type, req.parameters)) {
    if (role === "benchmark") {
      const indexUid2 = dump.benchmark_rate_index_uid;
      if (!benchmark && !indexUid2) {
        throw conflict(`The instrument stores no benchmark_rate_index_uid, so no '${req.benchmarkRole}' benchmark curve can be selected (pass benchmark_curve_uid or benchmark_curve_unique_identifier).`);
      }
      const row = benchmark ?? ctx.curves.find((c) => c.role === req.benchmarkRole);
      const key2 = `${req.benchmarkRole}:index:${indexUid2}:${req.benchmarkSide}`;
      const curve = resolveCurveRow(row, role, ctx, req, benchmark ? `benchmark curve '${benchmark.curve_identifier}'` : `binding '${key2}' (role ${req.benchmarkRole}, index ${indexUid2}, quote side ${req.benchmarkSide})`);
      const expected = req.parameters.benchmark_expected_curve_type;
      if (typeof expected === "string" && curve.curve_type !== expected) {
        throw conflict(`Benchmark curve '${curve.curve_identifier}' has curve_type '${curve.curve_type}', expected '${expected}'.`);
      }
      result.curves.benchmark = curve;
      continue;
    }
    const indexField = role === "projection" || isFloating(type) ? "floating_rate_index_uid" : "benchmark_rate_index_uid";
    const indexUid = dump[indexField];
    if (!indexUid) {
      throw conflict(`The instrument stores no ${indexField}, so no '${role}' curve can be selected${role === "discount" ? " (pass parameters.with_yield to price on a flat yield)" : ""}.`);
    }
    const key = `${role}:index:${indexUid}:${req.side}`;
    result.curves[role] = resolveCurveRow(ctx.curves.find((c) => c.role === role), role, ctx, req, `binding '${key}' (role ${role}, index ${indexUid}, quote side ${req.side})`);
  }
  if (isFloating(type)) {
    if (!ctx.floating_index) throw conflict(`Floating-rate index '${String(dump.floating_rate_index_uid)}' does not exist.`);
    if (!ctx.floating_index.convention) throw conflict(`Index '${ctx.floating_index.identifier}' has no convention details (tenor, fixing days, calendar, day count).`);
    if (!ctx.fixing_node_uid) throw conflict(`Market-data set '${set}' has no 'fixing_rates' binding, so fixings of '${ctx.floating_index.identifier}' cannot be read.`);
    if (ctx.fixings?.invalid) throw conflict(`Fixings of '${ctx.floating_index.identifier}' in market-data set '${set}' cannot be read: ${ctx.fixings.invalid}.`);
    result.floating = {
      index_uid: ctx.floating_index.uid,
      index_identifier: ctx.floating_index.identifier,
      convention: ctx.floating_index.convention,
      fixings: ctx.fixings
    };
  }
  return result;
}

// src/pricing/cost.ts
var HEAVY_TREE_EVENTS = 150;
var MONTHS = { D: 1 / 30.4375, W: 7 / 30.4375, M: 1, Y: 12 };
function couponPeriods(terms) {
  const schedule = terms.schedule;
  if (schedule && Array.isArray(schedule.dates)) return schedule.dates.length - 1;
  const tenor = /^(\d+)([DWMY])$/i.exec(String(terms.coupon_frequency ?? ""));
  const issue = Date.parse(String(terms.issue_date));
  const maturity = Date.parse(String(terms.maturity_date));
  if (!tenor || Number.isNaN(issue) || Number.isNaN(maturity)) return 0;
  const months = Number(tenor[1]) * MONTHS[tenor[2].toUpperCase()];
  return months > 0 ? (maturity - issue) / (30.4375 * 864e5 * months) : 0;
}
function isHeavyTerms(type, terms) {
  if (type !== "CallableFixedRateBond" || !terms) return false;
  const calls = Array.isArray(terms.callability) ? terms.callability.length : 0;
  return calls + couponPeriods(terms) > HEAVY_TREE_EVENTS;
}

// src/pricing/task.ts
var taskCurve = (c) => c && {
  cache_key: c.cache_key,
  curve_uid: c.curve_uid,
  curve_identifier: c.curve_identifier,
  reference_date: c.reference_date,
  nodes: c.nodes,
  building: c.building
};
function buildTask(operation, ctx, md, valuationDate, parameters) {
  const curves = {};
  for (const role of ["discount", "projection", "benchmark"]) {
    const curve = taskCurve(md.curves[role]);
    if (curve) curves[role] = curve;
  }
  const indexes = {};
  const fixings = {};
  if (md.floating) {
    indexes[md.floating.index_uid] = { identifier: md.floating.index_identifier, ...md.floating.convention };
    const set = md.floating.fixings;
    if (set) fixings[md.floating.index_identifier] = { key: set.key, buffer: set.buffer };
  }
  const task = {
    operation,
    asset_uid: ctx.asset_uid,
    instrument_type: ctx.instrument_type ?? "",
    terms: ctx.terms_json ?? ctx.instrument_dump ?? {},
    heavy: ctx.heavy ??= isHeavyTerms(ctx.instrument_type, ctx.instrument_dump),
    valuation_date: valuationDate,
    curves,
    indexes,
    fixings,
    parameters
  };
  ctx.instrument_key ??= instrumentKey(task.instrument_type, ctx.terms_hash, ctx.instrument_dump, md.floating && ctx.floating_index ? { index: ctx.floating_index, fixings: md.floating.fixings?.key ?? null } : void 0);
  task.instrument_key = isFloating(task.instrument_type) ? `${ctx.instrument_key}:${valuationDate}:${curves.projection?.cache_key ?? ""}` : ctx.instrument_key;
  return task;
}
var indexKeys = /* @__PURE__ */ new WeakMap();
function indexKey(index) {
  let key = indexKeys.get(index);
  if (key === void 0) {
    key = contentKey(index.uid, index.identifier, index.convention);
    indexKeys.set(index, key);
  }
  return key;
}
function instrumentKey(type, termsHash, terms, floating) {
  const base = `${termsHash ?? contentKey(terms)}|${type}`;
  return floating ? `${base}|${indexKey(floating.index)}|${floating.fixings ?? "-"}` : base;
}

// workers/quant/time/period.ts
var Frequency = {
  NoFrequency: -1,
  Once: 0,
  Annual: 1,
  Semiannual: 2,
  EveryFourthMonth: 3,
  Quarterly: 4,
  Bimonthly: 6,
  Monthly: 12,
  EveryFourthWeek: 13,
  Biweekly: 26,
  Weekly: 52,
  Daily: 365,
  OtherFrequency: 999
};
var UNITS = { D: "Days", W: "Weeks", M: "Months", Y: "Years" };
var parsed = /* @__PURE__ */ new Map();
function parsePeriod(text, field2 = "period") {
  const known = parsed.get(text);
  if (known) return known;
  const m = /^\s*(-?\d+)\s*([DWMYdwmy])\s*$/.exec(text);
  require2(m !== null, () => `${field2}: '${text}' is not a period such as 3M, 6M, 1Y or 28D`, field2);
  const period = Object.freeze({ length: Number(m[1]), unit: UNITS[m[2].toUpperCase()] });
  if (parsed.size < 1024) parsed.set(text, period);
  return period;
}
function periodFrequency(p) {
  const length = Math.abs(p.length);
  if (length === 0) return p.unit === "Years" ? Frequency.Once : Frequency.NoFrequency;
  switch (p.unit) {
    case "Years":
      return length === 1 ? Frequency.Annual : Frequency.OtherFrequency;
    case "Months":
      if (12 % length === 0 && length <= 12) return 12 / length;
      return Frequency.OtherFrequency;
    case "Weeks":
      if (length === 1) return Frequency.Weekly;
      if (length === 2) return Frequency.Biweekly;
      if (length === 4) return Frequency.EveryFourthWeek;
      return Frequency.OtherFrequency;
    case "Days":
      return length === 1 ? Frequency.Daily : Frequency.OtherFrequency;
  }
}
var FREQUENCY_NAMES = Object.fromEntries(
  Object.entries(Frequency).map(([name, value]) => [name.toLowerCase(), value])
);
Object.assign(FREQUENCY_NAMES, { semiannually: 2, quarterly: 4, monthly: 12, annually: 1, yearly: 1, none: -1 });
function parseFrequency(value, field2 = "frequency") {
  if (typeof value === "number") {
    require2(Object.values(Frequency).includes(value), () => `${field2}: ${value} is not a QuantLib frequency`, field2);
    return value;
  }
  const byName = FREQUENCY_NAMES[value.trim().toLowerCase()];
  if (byName !== void 0) return byName;
  if (/^\s*\d+\s*[DWMYdwmy]\s*$/.test(value)) return periodFrequency(parsePeriod(value, field2));
  throw new QuantInputError(`${field2}: unknown frequency '${value}'`, field2);
}
function shiftByPeriod(d, p, sign = 1) {
  switch (p.unit) {
    case "Days":
      return d + sign * p.length;
    case "Weeks":
      return d + sign * 7 * p.length;
    case "Months":
      return addMonths(d, sign * p.length);
    case "Years":
      return addMonths(d, sign * 12 * p.length);
  }
}

// workers/quant/curves/interest-rate.ts
var COMPOUNDINGS = ["Simple", "Compounded", "Continuous", "SimpleThenCompounded", "CompoundedThenSimple"];
function checkFrequency(compounding, frequency) {
  if (compounding === "Compounded" || compounding === "SimpleThenCompounded" || compounding === "CompoundedThenSimple") {
    require2(frequency !== Frequency.Once && frequency !== Frequency.NoFrequency, "frequency not allowed for this interest rate");
  }
}
function interestRate(rate, dayCounter, compounding, frequency) {
  checkFrequency(compounding, frequency);
  return { rate, dayCounter, compounding, frequency };
}
function compoundFactor(r, compounding, frequency, t) {
  if (!(t >= 0)) throw new QuantInputError(`negative time (${t}) not allowed`);
  return compoundFormula(r, compounding, frequency, t);
}
function compoundFormula(r, compounding, frequency, t) {
  switch (compounding) {
    case "Simple":
      return 1 + r * t;
    case "Compounded":
      return Math.pow(1 + r / frequency, frequency * t);
    case "Continuous":
      return Math.exp(r * t);
    case "SimpleThenCompounded":
      return t <= 1 / frequency ? 1 + r * t : Math.pow(1 + r / frequency, frequency * t);
    case "CompoundedThenSimple":
      return t <= 1 / frequency ? Math.pow(1 + r / frequency, frequency * t) : 1 + r * t;
  }
}
var discountFactor = (r, compounding, frequency, t) => 1 / compoundFactor(r, compounding, frequency, t);
function impliedRate(compound, compounding, frequency, t) {
  require2(compound > 0, "positive compound factor required");
  if (compound === 1) {
    require2(t >= 0, () => `non negative time (${t}) required`);
    return 0;
  }
  require2(t > 0, () => `positive time (${t}) required`);
  switch (compounding) {
    case "Simple":
      return (compound - 1) / t;
    case "Compounded":
      return (Math.pow(compound, 1 / (frequency * t)) - 1) * frequency;
    case "Continuous":
      return Math.log(compound) / t;
    case "SimpleThenCompounded":
      return t <= 1 / frequency ? (compound - 1) / t : (Math.pow(compound, 1 / (frequency * t)) - 1) * frequency;
    case "CompoundedThenSimple":
      return t <= 1 / frequency ? (Math.pow(compound, 1 / (frequency * t)) - 1) * frequency : (compound - 1) / t;
  }
}
function equivalentRate(r, compounding, frequency, t) {
  return impliedRate(compoundFactor(r.rate, r.compounding, r.frequency, t), compounding, frequency, t);
}

// workers/quant/curves/yield-term-structure.ts
function discountTime(curve, t, extrapolate = false) {
  if (!(t >= 0)) throw new QuantInputError(`negative time (${t}) given`);
  if (t > curve.maxTime && !extrapolate && !curve.allowsExtrapolation && Math.abs(t - curve.maxTime) >= 1e-15) {
    throw new QuantInputError(`time (${t}) is past max curve time (${curve.maxTime})`);
  }
  return curve.discountT(t);
}
function discountAt(curve, d, extrapolate = false) {
  if (d < curve.referenceDate) throw new QuantInputError(`date (${toIso(d)}) before reference date (${toIso(curve.referenceDate)})`);
  if (d === curve.referenceDate) return 1;
  return discountTime(curve, curve.dayCounter.yearFraction(curve.referenceDate, d), extrapolate);
}

// workers/quant/cashflows/cash-flow.ts
var isCoupon = (cf) => cf.kind === "fixed" || cf.kind === "floating";

// workers/quant/time/calendar.ts
var isWesternWeekend = (w) => w === Saturday || w === Sunday;
function memoizedCalendar(name, rule, isWeekend2 = isWesternWeekend) {
  const memo = new Uint8Array(MAX_SERIAL + 2);
  return Object.freeze({
    name,
    isWeekend: isWeekend2,
    isBusinessDay(d) {
      const known = memo[d];
      if (known !== 0 && known !== void 0) return known === 1;
      const business = rule(d);
      memo[d] = business ? 1 : 2;
      return business;
    }
  });
}
var easterMondays = /* @__PURE__ */ new Map();
function easterMonday(year2) {
  let em = easterMondays.get(year2);
  if (em === void 0) {
    const a = year2 % 19;
    const b = Math.floor(year2 / 100);
    const c = year2 % 100;
    const d = Math.floor(b / 4);
    const e = b % 4;
    const f = Math.floor((b + 8) / 25);
    const g = Math.floor((b - f + 1) / 3);
    const h = (19 * a + b - d - g + 15) % 30;
    const i = Math.floor(c / 4);
    const k = c % 4;
    const l = (32 + 2 * e + 2 * i - h - k) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const month2 = Math.floor((h + l - 7 * m + 114) / 31);
    const day = (h + l - 7 * m + 114) % 31 + 1;
    const sunday = fromYmd(year2, month2, day);
    em = sunday + 1 - fromYmd(year2, 1, 1) + 1;
    easterMondays.set(year2, em);
  }
  return em;
}
function dateParts(serial) {
  const { year: year2, month: month2, day } = toYmd(serial);
  return { d: day, m: month2, y: year2, w: weekday(serial), dd: serial - fromYmd(year2, 1, 1) + 1 };
}
function adjust(cal, d, c = "Following") {
  if (c === "Unadjusted") return d;
  let d1 = d;
  if (c === "Following" || c === "ModifiedFollowing" || c === "HalfMonthModifiedFollowing") {
    while (!cal.isBusinessDay(d1)) d1++;
    if (c !== "Following" && d1 !== d) {
      const m = toYmd(d);
      const m1 = toYmd(d1);
      if (m1.month !== m.month) return adjust(cal, d, "Preceding");
      if (c === "HalfMonthModifiedFollowing" && m.day <= 15 && m1.day > 15) return adjust(cal, d, "Preceding");
    }
  } else if (c === "Preceding" || c === "ModifiedPreceding") {
    while (!cal.isBusinessDay(d1)) d1--;
    if (c === "ModifiedPreceding" && d1 !== d && toYmd(d1).month !== toYmd(d).month) return adjust(cal, d, "Following");
  } else if (c === "Nearest") {
    let d2 = d;
    while (!cal.isBusinessDay(d1) && !cal.isBusinessDay(d2)) {
      d1++;
      d2--;
    }
    return cal.isBusinessDay(d1) ? d1 : d2;
  } else {
    throw new QuantInputError(`unknown business-day convention ${String(c)}`);
  }
  return d1;
}
function isEndOfMonth(cal, d) {
  return toYmd(d).month !== toYmd(adjust(cal, d + 1)).month;
}
function endOfMonth2(cal, d) {
  return adjust(cal, endOfMonth(d), "Preceding");
}
function advance(cal, d, n, unit, c = "Following", endOfMonthRule = false) {
  if (n === 0) return adjust(cal, d, c);
  if (unit === "Days") {
    let d12 = d;
    if (n > 0) {
      while (n > 0) {
        d12++;
        while (!cal.isBusinessDay(d12)) d12++;
        n--;
      }
    } else {
      while (n < 0) {
        d12--;
        while (!cal.isBusinessDay(d12)) d12--;
        n++;
      }
    }
    return inDateRange(d12);
  }
  if (unit === "Weeks") return adjust(cal, d + 7 * n, c);
  const d1 = addMonths(d, unit === "Years" ? 12 * n : n);
  if (endOfMonthRule && isEndOfMonth(cal, d)) return endOfMonth2(cal, d1);
  return adjust(cal, d1, c);
}
function advanceByPeriod(cal, d, p, c = "Following", endOfMonthRule = false) {
  return advance(cal, d, p.length, p.unit, c, endOfMonthRule);
}

// workers/quant/instruments/bond.ts
var close = (a, b) => a === b || Math.abs(a - b) <= 42 * Number.EPSILON * Math.max(Math.abs(a), Math.abs(b));
function notionalsFromCoupons(leg) {
  const notionals = [];
  const schedule = [null];
  let lastPaymentDate = null;
  for (const cf of leg) {
    if (!isCoupon(cf)) continue;
    if (notionals.length === 0) {
      notionals.push(cf.nominal);
    } else if (!close(cf.nominal, notionals[notionals.length - 1])) {
      notionals.push(cf.nominal);
      schedule.push(lastPaymentDate);
    }
    lastPaymentDate = cf.date;
  }
  require2(notionals.length > 0, "no coupons provided");
  notionals.push(0);
  schedule.push(lastPaymentDate);
  return { notionals, schedule };
}
function bondFromCoupons(base, coupons, redemptions) {
  const { notionals, schedule } = notionalsFromCoupons(coupons);
  const cashflows = [...coupons];
  for (let i = 1; i < schedule.length; i++) {
    const R = i < redemptions.length ? redemptions[i] : redemptions.length ? redemptions[redemptions.length - 1] : 100;
    const payment = { kind: i < schedule.length - 1 ? "amortization" : "redemption", date: schedule[i], amount: R / 100 * (notionals[i - 1] - notionals[i]) };
    cashflows.push(payment);
  }
  cashflows.sort((a, b) => a.date - b.date);
  require2(cashflows.length > 0, "bond with no cashflows!");
  return { ...base, cashflows, notionals, notionalSchedule: schedule };
}
function bondWithSingleRedemption(base, faceAmount, redemption, date2) {
  return {
    settlementDays: base.settlementDays,
    calendar: base.calendar,
    issueDate: base.issueDate,
    maturityDate: base.maturityDate,
    cashflows: [{ kind: "redemption", date: date2, amount: faceAmount * redemption / 100 }],
    notionals: [faceAmount, 0],
    notionalSchedule: [null, date2]
  };
}

// workers/quant/time/calendars/joint-calendar.ts
function jointCalendar(calendars, rule = "JoinHolidays") {
  const name = `${rule}(${calendars.map((c) => c.name).join(", ")})`;
  if (rule === "JoinHolidays") {
    return memoizedCalendar(name, (d) => calendars.every((c) => c.isBusinessDay(d)), (w) => calendars.some((c) => c.isWeekend(w)));
  }
  return memoizedCalendar(name, (d) => calendars.some((c) => c.isBusinessDay(d)), (w) => calendars.every((c) => c.isWeekend(w)));
}

// workers/quant/time/calendars/mexico.ts
var MON = 2;
var mexico = memoizedCalendar("Mexican stock exchange", (serial) => {
  const { d, m, y, w, dd } = dateParts(serial);
  const em = easterMonday(y);
  return !(w === 1 || w === 7 || d === 1 && m === 1 || // New Year's Day
  y <= 2005 && d === 5 && m === 2 || // Constitution Day
  y >= 2006 && d <= 7 && w === MON && m === 2 || y <= 2005 && d === 21 && m === 3 || // Benito Juárez's birthday
  y >= 2006 && d >= 15 && d <= 21 && w === MON && m === 3 || dd === em - 4 || // Holy Thursday
  dd === em - 3 || // Good Friday
  d === 1 && m === 5 || // Labour Day
  d === 16 && m === 9 || // National Day
  d === 2 && m === 11 || // All Souls' Day
  y <= 2005 && d === 20 && m === 11 || // Revolution Day
  y >= 2006 && d >= 15 && d <= 21 && w === MON && m === 11 || d === 12 && m === 12 || // Our Lady of Guadalupe
  d === 25 && m === 12);
});

// workers/quant/time/calendars/null-calendar.ts
var nullCalendar = Object.freeze({ name: "Null", isBusinessDay: () => true, isWeekend: () => false });

// workers/quant/time/calendars/target.ts
var target = memoizedCalendar("TARGET", (serial) => {
  const { d, m, y, w, dd } = dateParts(serial);
  const em = easterMonday(y);
  return !(w === 1 || w === 7 || d === 1 && m === 1 || // New Year's Day
  dd === em - 3 && y >= 2e3 || // Good Friday
  dd === em && y >= 2e3 || // Easter Monday
  d === 1 && m === 5 && y >= 2e3 || // Labour Day
  d === 25 && m === 12 || // Christmas
  d === 26 && m === 12 && y >= 2e3 || // Day of Goodwill
  d === 31 && m === 12 && (y === 1998 || y === 1999 || y === 2001));
});

// workers/quant/time/calendars/united-kingdom.ts
var MON2 = 2;
var TUE = 3;
function bankHoliday({ d, m, y, w }) {
  return d <= 7 && w === MON2 && m === 5 && y !== 1995 && y !== 2020 || // first Monday of May
  d === 8 && m === 5 && (y === 1995 || y === 2020) || // VE day anniversaries
  d >= 25 && w === MON2 && m === 5 && y !== 2002 && y !== 2012 && y !== 2022 || // last Monday of May
  d >= 25 && w === MON2 && m === 8 || // last Monday of August
  (d === 3 || d === 4) && m === 6 && y === 2002 || // Golden Jubilee
  (d === 4 || d === 5) && m === 6 && y === 2012 || // Diamond Jubilee
  (d === 2 || d === 3) && m === 6 && y === 2022 || // Platinum Jubilee
  d === 29 && m === 4 && y === 2011 || // royal wedding
  d === 19 && m === 9 && y === 2022 || // Queen Elizabeth II's funeral
  d === 8 && m === 5 && y === 2023;
}
function uk(serial) {
  const p = dateParts(serial);
  const { d, m, y, w, dd } = p;
  const em = easterMonday(y);
  return !(w === 1 || w === 7 || (d === 1 || (d === 2 || d === 3) && w === MON2) && m === 1 || // New Year's Day (moved to Monday)
  dd === em - 3 || // Good Friday
  dd === em || // Easter Monday
  bankHoliday(p) || (d === 25 || d === 27 && (w === MON2 || w === TUE)) && m === 12 || // Christmas
  (d === 26 || d === 28 && (w === MON2 || w === TUE)) && m === 12 || // Boxing Day
  d === 31 && m === 12 && y === 1999);
}
var MARKETS = {
  Settlement: memoizedCalendar("UK settlement", uk),
  Exchange: memoizedCalendar("London stock exchange", uk),
  Metals: memoizedCalendar("London metals exchange", uk)
};
function unitedKingdom(market) {
  return MARKETS[market];
}

// workers/quant/time/calendars/united-states.ts
var MON3 = 2;
var TUE2 = 3;
var WED = 4;
var THU = 5;
var FRI = 6;
var isWeekend = (w) => w === 1 || w === 7;
var mlk = ({ d, m, y, w }) => d >= 15 && d <= 21 && w === MON3 && m === 1 && y >= 1983;
var washington = ({ d, m, y, w }) => y >= 1971 ? d >= 15 && d <= 21 && w === MON3 && m === 2 : (d === 22 || d === 23 && w === MON3 || d === 21 && w === FRI) && m === 2;
var memorial = ({ d, m, y, w }) => y >= 1971 ? d >= 25 && w === MON3 && m === 5 : (d === 30 || d === 31 && w === MON3 || d === 29 && w === FRI) && m === 5;
var juneteenth = ({ d, m, y, w }) => (d === 19 || d === 20 && w === MON3 || d === 18 && w === FRI) && m === 6 && y >= 2022;
var independence = ({ d, m, w }) => (d === 4 || d === 5 && w === MON3 || d === 3 && w === FRI) && m === 7;
var labor = ({ d, m, w }) => d <= 7 && w === MON3 && m === 9;
var columbus = ({ d, m, y, w }) => d >= 8 && d <= 14 && w === MON3 && m === 10 && y >= 1971;
var veterans = ({ d, m, y, w }) => y <= 1970 || y >= 1978 ? (d === 11 || d === 12 && w === MON3 || d === 10 && w === FRI) && m === 11 : d >= 22 && d <= 28 && w === MON3 && m === 10;
var veteransNoSaturday = ({ d, m, y, w }) => y <= 1970 || y >= 1978 ? (d === 11 || d === 12 && w === MON3) && m === 11 : d >= 22 && d <= 28 && w === MON3 && m === 10;
var thanksgiving = ({ d, m, w }) => d >= 22 && d <= 28 && w === THU && m === 11;
var christmas = ({ d, m, w }) => (d === 25 || d === 26 && w === MON3 || d === 24 && w === FRI) && m === 12;
var newYearMonday = ({ d, m, w }) => (d === 1 || d === 2 && w === MON3) && m === 1;
function settlement(serial) {
  const p = dateParts(serial);
  return !(isWeekend(p.w) || newYearMonday(p) || // New Year's Day (Monday if Sunday)
  p.d === 31 && p.w === FRI && p.m === 12 || // New Year's Day on a Saturday, observed Friday
  mlk(p) || washington(p) || memorial(p) || juneteenth(p) || independence(p) || labor(p) || columbus(p) || veterans(p) || thanksgiving(p) || christmas(p));
}
function nyse(serial) {
  const p = dateParts(serial);
  const { d, m, y, w, dd } = p;
  const em = easterMonday(y);
  if (isWeekend(w) || newYearMonday(p) || washington(p) || dd === em - 3 || // Good Friday
  memorial(p) || juneteenth(p) || independence(p) || labor(p) || thanksgiving(p) || christmas(p)) return false;
  if (y >= 1998 && d >= 15 && d <= 21 && w === MON3 && m === 1) return false;
  if ((y <= 1968 || y <= 1980 && y % 4 === 0) && m === 11 && d <= 7 && w === TUE2) return false;
  return !(y === 2018 && m === 12 && d === 5 || // President Bush's funeral
  y === 2012 && m === 10 && (d === 29 || d === 30) || // Hurricane Sandy
  y === 2007 && m === 1 && d === 2 || // President Ford's funeral
  y === 2004 && m === 6 && d === 11 || // President Reagan's funeral
  y === 2001 && m === 9 && d >= 11 && d <= 14 || // September 11-14, 2001
  y === 1994 && m === 4 && d === 27 || // President Nixon's funeral
  y === 1985 && m === 9 && d === 27 || // Hurricane Gloria
  y === 1977 && m === 7 && d === 14 || // 1977 blackout
  y === 1973 && m === 1 && d === 25 || // President Johnson's funeral
  y === 1972 && m === 12 && d === 28 || // President Truman's funeral
  y === 1969 && m === 7 && d === 21 || // lunar exploration day
  y === 1969 && m === 3 && d === 31 || // President Eisenhower's funeral
  y === 1969 && m === 2 && d === 10 || // heavy snow
  y === 1968 && m === 7 && d === 5 || // day after Independence Day
  y === 1968 && dd >= 163 && w === WED || // paperwork crisis, Wednesdays from June 12th
  y === 1968 && m === 4 && d === 9 || // mourning for Martin Luther King Jr.
  y === 1963 && m === 11 && d === 25 || // President Kennedy's funeral
  y === 1961 && m === 5 && d === 29 || // day before Decoration Day
  y === 1958 && m === 12 && d === 26 || // day after Christmas
  (y === 1954 || y === 1956 || y === 1965) && m === 12 && d === 24);
}
function governmentBond(serial) {
  const p = dateParts(serial);
  const { d, m, y, w, dd } = p;
  const em = easterMonday(y);
  return !(isWeekend(w) || newYearMonday(p) || mlk(p) || washington(p) || dd === em - 3 && y !== 2015 || // Good Friday (2015 was a half day)
  memorial(p) || juneteenth(p) || independence(p) || labor(p) || columbus(p) || veteransNoSaturday(p) || thanksgiving(p) || christmas(p) || y === 2018 && m === 12 && d === 5 || // President Bush's funeral
  y === 2012 && m === 10 && d === 30 || // Hurricane Sandy
  y === 2004 && m === 6 && d === 11);
}
var GOVERNMENT_BOND = memoizedCalendar("US government bond market", governmentBond);
var MARKETS2 = {
  Settlement: memoizedCalendar("US settlement", settlement),
  NYSE: memoizedCalendar("New York stock exchange", nyse),
  GovernmentBond: GOVERNMENT_BOND,
  SOFR: GOVERNMENT_BOND
};
function unitedStates(market) {
  return MARKETS2[market];
}

// workers/quant/time/calendars/weekends-only.ts
var weekendsOnly = memoizedCalendar("weekends only", (serial) => !isWesternWeekend(weekday(serial)));

// workers/quant/time/calendars/index.ts
var CANONICAL = {
  TARGET: () => target,
  NullCalendar: () => nullCalendar,
  WeekendsOnly: () => weekendsOnly,
  "UnitedStates::Settlement": () => unitedStates("Settlement"),
  "UnitedStates::NYSE": () => unitedStates("NYSE"),
  "UnitedStates::GovernmentBond": () => unitedStates("GovernmentBond"),
  "UnitedStates::SOFR": () => unitedStates("SOFR"),
  "UnitedKingdom::Settlement": () => unitedKingdom("Settlement"),
  "UnitedKingdom::Exchange": () => unitedKingdom("Exchange"),
  "UnitedKingdom::Metals": () => unitedKingdom("Metals"),
  Mexico: () => mexico
};
var SUPPORTED_CALENDARS = [...Object.keys(CANONICAL), "JointCalendar"];
var normalize = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
var ALIASES = /* @__PURE__ */ new Map();
for (const canonical of Object.keys(CANONICAL)) {
  ALIASES.set(normalize(canonical), canonical);
  ALIASES.set(normalize(CANONICAL[canonical]().name), canonical);
}
var extra = {
  Null: "NullCalendar",
  TARGET2: "TARGET",
  Euro: "TARGET",
  UnitedStates: "UnitedStates::Settlement",
  US: "UnitedStates::Settlement",
  USSettlement: "UnitedStates::Settlement",
  NYSE: "UnitedStates::NYSE",
  USGovernmentBond: "UnitedStates::GovernmentBond",
  SIFMA: "UnitedStates::GovernmentBond",
  SOFR: "UnitedStates::SOFR",
  UnitedKingdom: "UnitedKingdom::Settlement",
  UK: "UnitedKingdom::Settlement",
  LSE: "UnitedKingdom::Exchange",
  BMV: "Mexico",
  MexicoBMV: "Mexico"
};
for (const [alias, canonical] of Object.entries(extra)) ALIASES.set(normalize(alias), canonical);
var cache = /* @__PURE__ */ new Map();
function checkShape(terms, field2) {
  const t = terms;
  if (t === null || typeof t !== "object" || Array.isArray(t)) throw new QuantInputError(`${field2}: a calendar is an object {name}, e.g. {"name": "TARGET"}`, field2);
  if (typeof t.name !== "string") throw new QuantInputError(`${field2}.name: a calendar needs a name (a string such as TARGET)`, `${field2}.name`);
  if (t.market !== void 0 && typeof t.market !== "string") throw new QuantInputError(`${field2}.market: must be a string`, `${field2}.market`);
  if (t.calendars !== void 0 && !Array.isArray(t.calendars)) throw new QuantInputError(`${field2}.calendars: must be a list of calendars`, `${field2}.calendars`);
}
var simple = /* @__PURE__ */ new Map();
function calendarFromTerms(terms, field2 = "calendar") {
  checkShape(terms, field2);
  if (terms.calendars === void 0) {
    const known = simple.get(terms.market ? `${terms.name}::${terms.market}` : terms.name);
    if (known) return known;
  }
  if (normalize(terms.name) === "jointcalendar") {
    const parts = terms.calendars ?? [];
    if (parts.length < 2) throw new QuantInputError(`${field2}: a JointCalendar needs at least two calendars`, field2);
    const rule = terms.rule ?? "JoinHolidays";
    if (rule !== "JoinHolidays" && rule !== "JoinBusinessDays") throw new QuantInputError(`${field2}.rule: '${terms.rule}' is not JoinHolidays or JoinBusinessDays`, `${field2}.rule`);
    const members = parts.map((p, i) => calendarFromTerms(p, `${field2}.calendars[${i}]`));
    const key = `${rule}(${members.map((m) => m.name).join("|")})`;
    let joint = cache.get(key);
    if (!joint) {
      joint = jointCalendar(members, rule);
      cache.set(key, joint);
    }
    return joint;
  }
  const spelled = terms.market ? `${terms.name}::${terms.market}` : terms.name;
  const canonical = ALIASES.get(normalize(spelled));
  if (!canonical) throw new QuantInputError(`${field2}: unknown calendar '${spelled}' (supported: ${SUPPORTED_CALENDARS.join(", ")})`, field2);
  const calendar2 = CANONICAL[canonical]();
  if (simple.size < 1024) simple.set(spelled, calendar2);
  return calendar2;
}

// workers/quant/time/daycounters/actual360.ts
var actual360 = Object.freeze({
  name: "Actual/360",
  dayCount: (d1, d2) => d2 - d1,
  yearFraction: (d1, d2) => (d2 - d1) / 360
});

// workers/quant/time/daycounters/actual365-fixed.ts
var actual365Fixed = Object.freeze({
  name: "Actual/365 (Fixed)",
  dayCount: (d1, d2) => d2 - d1,
  yearFraction: (d1, d2) => (d2 - d1) / 365
});

// workers/quant/time/daycounters/actual-actual.ts
var actualDays = (d1, d2) => d2 - d1;
function isdaFraction(d1, d2) {
  if (d1 === d2) return 0;
  if (d1 > d2) return -isdaFraction(d2, d1);
  const y1 = toYmd(d1).year;
  const y2 = toYmd(d2).year;
  const dib1 = isLeap(y1) ? 366 : 365;
  const dib2 = isLeap(y2) ? 366 : 365;
  let sum = y2 - y1 - 1;
  sum += (fromYmd(y1 + 1, 1, 1) - d1) / dib1;
  sum += (d2 - fromYmd(y2, 1, 1)) / dib2;
  return sum;
}
function ismaFraction(d1, d2, d3, d4) {
  if (d1 === d2) return 0;
  if (d1 > d2) return -ismaFraction(d2, d1, d3, d4);
  let refStart = d3 ?? d1;
  let refEnd = d4 ?? d2;
  require2(refEnd > refStart && refEnd > d1, () => `invalid reference period: date 1: ${d1}, date 2: ${d2}, reference period start: ${refStart}, reference period end: ${refEnd}`);
  let months = Math.round(12 * (refEnd - refStart) / 365);
  if (months === 0) {
    refStart = d1;
    refEnd = addYears(d1, 1);
    months = 12;
  }
  const period = months / 12;
  if (d2 <= refEnd) {
    if (d1 >= refStart) return period * (d2 - d1) / (refEnd - refStart);
    const previousRef = addMonths(refStart, -months);
    if (d2 > refStart) return ismaFraction(d1, refStart, previousRef, refStart) + ismaFraction(refStart, d2, refStart, refEnd);
    return ismaFraction(d1, d2, previousRef, refStart);
  }
  require2(refStart <= d1, "invalid dates: d1 < refPeriodStart < refPeriodEnd < d2");
  let sum = ismaFraction(d1, refEnd, refStart, refEnd);
  let i = 0;
  let newRefStart;
  let newRefEnd;
  for (; ; ) {
    newRefStart = addMonths(refEnd, months * i);
    newRefEnd = addMonths(refEnd, months * (i + 1));
    if (d2 < newRefEnd) break;
    sum += period;
    i++;
  }
  return sum + ismaFraction(newRefStart, d2, newRefStart, newRefEnd);
}
function afbFraction(d1, d2) {
  if (d1 === d2) return 0;
  if (d1 > d2) return -afbFraction(d2, d1);
  let newD2 = d2;
  let temp = d2;
  let sum = 0;
  while (temp > d1) {
    temp = addYears(newD2, -1);
    const t = toYmd(temp);
    if (t.day === 28 && t.month === 2 && isLeap(t.year)) temp += 1;
    if (temp >= d1) {
      sum += 1;
      newD2 = temp;
    }
  }
  let den = 365;
  const y2 = toYmd(newD2).year;
  const y1 = toYmd(d1).year;
  if (isLeap(y2)) {
    const feb29 = fromYmd(y2, 2, 29);
    if (newD2 > feb29 && d1 <= feb29) den += 1;
  } else if (isLeap(y1)) {
    const feb29 = fromYmd(y1, 2, 29);
    if (newD2 > feb29 && d1 <= feb29) den += 1;
  }
  return sum + (newD2 - d1) / den;
}
var ISDA = Object.freeze({ name: "Actual/Actual (ISDA)", dayCount: actualDays, yearFraction: isdaFraction });
var ISMA = Object.freeze({ name: "Actual/Actual (ISMA)", dayCount: actualDays, yearFraction: ismaFraction });
var AFB = Object.freeze({ name: "Actual/Actual (AFB)", dayCount: actualDays, yearFraction: afbFraction });
function actualActual(convention2) {
  switch (convention2) {
    case "ISDA":
    case "Historical":
    case "Actual365":
      return ISDA;
    case "ISMA":
    case "Bond":
      return ISMA;
    case "AFB":
    case "Euro":
      return AFB;
  }
}

// workers/quant/time/daycounters/thirty360.ts
var lastOfFebruary = (d, m, y) => m === 2 && d === 28 + (isLeap(y) ? 1 : 0);
var make = (name, rule) => {
  const dayCount = (d1, d2) => {
    const a = toYmd(d1);
    const b = toYmd(d2);
    const [dd1, dd2, mm2] = rule(a.day, a.month, a.year, b.day, b.month, b.year, d2);
    return 360 * (b.year - a.year) + 30 * (mm2 - a.month) + (dd2 - dd1);
  };
  return Object.freeze({ name, dayCount, yearFraction: (d1, d2) => dayCount(d1, d2) / 360 });
};
var usa = make("30/360 (US)", (dd1, mm1, yy1, dd2, mm2, yy2) => {
  const feb1 = lastOfFebruary(dd1, mm1, yy1);
  if (dd2 === 31 && dd1 >= 30) dd2 = 30;
  if (dd1 === 31) dd1 = 30;
  if (feb1 && lastOfFebruary(dd2, mm2, yy2)) dd2 = 30;
  if (feb1) dd1 = 30;
  return [dd1, dd2, mm2];
});
var bondBasis = make("30/360 (Bond Basis)", (dd1, _mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30;
  if (dd2 === 31 && dd1 === 30) dd2 = 30;
  return [dd1, dd2, mm2];
});
var european = make("30E/360 (Eurobond Basis)", (dd1, _mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30;
  if (dd2 === 31) dd2 = 30;
  return [dd1, dd2, mm2];
});
var italian = make("30/360 (Italian)", (dd1, mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30;
  if (dd2 === 31) dd2 = 30;
  if (mm1 === 2 && dd1 > 27) dd1 = 30;
  if (mm2 === 2 && dd2 > 27) dd2 = 30;
  return [dd1, dd2, mm2];
});
var nasd = make("30/360 (NASD)", (dd1, _mm1, _yy1, dd2, mm2) => {
  if (dd1 === 31) dd1 = 30;
  if (dd2 === 31 && dd1 >= 30) dd2 = 30;
  if (dd2 === 31 && dd1 < 30) {
    dd2 = 1;
    mm2++;
  }
  return [dd1, dd2, mm2];
});
function isda(terminationDate) {
  return make("30E/360 (ISDA)", (dd1, mm1, yy1, dd2, mm2, yy2, d2) => {
    if (dd1 === 31) dd1 = 30;
    if (dd2 === 31) dd2 = 30;
    if (lastOfFebruary(dd1, mm1, yy1)) dd1 = 30;
    if (d2 !== terminationDate && lastOfFebruary(dd2, mm2, yy2)) dd2 = 30;
    return [dd1, dd2, mm2];
  });
}
var isdaWithoutTermination = isda();
function thirty360(convention2, terminationDate) {
  switch (convention2) {
    case "USA":
      return usa;
    case "BondBasis":
    case "ISMA":
      return bondBasis;
    case "European":
    case "EurobondBasis":
      return european;
    case "Italian":
      return italian;
    case "NASD":
      return nasd;
    case "ISDA":
    case "German":
      return terminationDate === void 0 ? isdaWithoutTermination : isda(terminationDate);
  }
}

// workers/quant/time/daycounters/index.ts
var FACTORIES = {
  Actual360: () => actual360,
  Actual365Fixed: () => actual365Fixed,
  Thirty360_USA: () => thirty360("USA"),
  Thirty360_BondBasis: () => thirty360("BondBasis"),
  Thirty360_European: () => thirty360("European"),
  Thirty360_ISMA: () => thirty360("ISMA"),
  Thirty360_ISDA: (o) => thirty360("ISDA", o.terminationDate),
  Thirty360_Italian: () => thirty360("Italian"),
  Thirty360_NASD: () => thirty360("NASD"),
  ActualActual_ISDA: () => actualActual("ISDA"),
  ActualActual_ISMA: () => actualActual("ISMA"),
  ActualActual_Bond: () => actualActual("Bond"),
  ActualActual_AFB: () => actualActual("AFB")
};
var SUPPORTED_DAY_COUNTS = Object.keys(FACTORIES);
var normalize2 = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
var ALIASES2 = new Map(SUPPORTED_DAY_COUNTS.map((code) => [normalize2(code), code]));
var extra2 = {
  "Actual/360": "Actual360",
  "ACT/360": "Actual360",
  A360: "Actual360",
  "Actual/365 (Fixed)": "Actual365Fixed",
  "Actual/365Fixed": "Actual365Fixed",
  "ACT/365": "Actual365Fixed",
  "ACT/365F": "Actual365Fixed",
  A365F: "Actual365Fixed",
  "30/360": "Thirty360_BondBasis",
  "30/360 (Bond Basis)": "Thirty360_BondBasis",
  Thirty360: "Thirty360_BondBasis",
  "30/360 (US)": "Thirty360_USA",
  "30E/360": "Thirty360_European",
  "30E/360 (Eurobond Basis)": "Thirty360_European",
  "30E/360 (ISDA)": "Thirty360_ISDA",
  "30/360 (Italian)": "Thirty360_Italian",
  "30/360 (NASD)": "Thirty360_NASD",
  "Actual/Actual (ISDA)": "ActualActual_ISDA",
  "ACT/ACT": "ActualActual_ISDA",
  "Actual/Actual": "ActualActual_ISDA",
  "Actual/Actual (ISMA)": "ActualActual_ISMA",
  "ACT/ACT ICMA": "ActualActual_ISMA",
  "Actual/Actual (Bond)": "ActualActual_Bond",
  "Actual/Actual (AFB)": "ActualActual_AFB",
  Thirty360_EurobondBasis: "Thirty360_European",
  Thirty360_German: "Thirty360_ISDA",
  ActualActual_Euro: "ActualActual_AFB",
  ActualActual_Historical: "ActualActual_ISDA"
};
for (const [alias, code] of Object.entries(extra2)) ALIASES2.set(normalize2(alias), code);
var resolved = /* @__PURE__ */ new Map();
function dayCounterFromCode(code, options = {}, field2 = "day_count") {
  const key = options.terminationDate === void 0 ? code : `${code}@${options.terminationDate}`;
  const known = resolved.get(key);
  if (known) return known;
  const canonical = ALIASES2.get(normalize2(code));
  if (!canonical) throw new QuantInputError(`${field2}: unknown day count '${code}' (supported: ${SUPPORTED_DAY_COUNTS.join(", ")})`, field2);
  const dc = FACTORIES[canonical](options);
  if (resolved.size < 4096) resolved.set(key, dc);
  return dc;
}

// workers/quant/time/business-day-convention.ts
var BUSINESS_DAY_CONVENTIONS = [
  "Following",
  "ModifiedFollowing",
  "Preceding",
  "ModifiedPreceding",
  "Unadjusted",
  "HalfMonthModifiedFollowing",
  "Nearest"
];
var ALIASES3 = {
  f: "Following",
  mf: "ModifiedFollowing",
  p: "Preceding",
  mp: "ModifiedPreceding",
  u: "Unadjusted",
  hmmf: "HalfMonthModifiedFollowing",
  none: "Unadjusted"
};
for (const name of BUSINESS_DAY_CONVENTIONS) ALIASES3[name.toLowerCase()] = name;
function parseBusinessDayConvention(value, field2 = "business_day_convention") {
  if (BUSINESS_DAY_CONVENTIONS.includes(value)) return value;
  const found = ALIASES3[value.replace(/[\s_-]/g, "").toLowerCase()];
  if (!found) throw new QuantInputError(`${field2}: unknown business-day convention '${value}' (expected one of ${BUSINESS_DAY_CONVENTIONS.join(", ")})`, field2);
  return found;
}

// workers/quant/math/interpolation.ts
function locate(xs, x) {
  const n = xs.length;
  if (x < xs[0]) return 0;
  if (x > xs[n - 1]) return n - 2;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (xs[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
function checkPoints(xs, ys, required, field2 = "nodes") {
  require2(xs.length === ys.length, () => `${field2}: ${xs.length} abscissas but ${ys.length} values`, field2);
  require2(xs.length >= required, () => `${field2}: not enough points to interpolate: at least ${required} required, ${xs.length} provided`, field2);
  for (let i = 1; i < xs.length; i++) require2(xs[i] > xs[i - 1], () => `${field2}: abscissas must be strictly increasing (${xs[i - 1]} then ${xs[i]})`, field2);
}

// workers/quant/math/interpolations/linear.ts
var LinearInterpolation = class {
  xs;
  ys;
  s;
  primitiveConst;
  constructor(xs, ys) {
    checkPoints(xs, ys, 2);
    this.xs = Float64Array.from(xs);
    this.ys = Float64Array.from(ys);
    const n = this.xs.length;
    this.s = new Float64Array(n - 1);
    this.primitiveConst = new Float64Array(n);
    for (let i = 1; i < n; i++) {
      const dx = this.xs[i] - this.xs[i - 1];
      this.s[i - 1] = (this.ys[i] - this.ys[i - 1]) / dx;
      this.primitiveConst[i] = this.primitiveConst[i - 1] + dx * (this.ys[i - 1] + this.ys[i]) / 2;
    }
  }
  value(x) {
    const i = locate(this.xs, x);
    return this.ys[i] + (x - this.xs[i]) * this.s[i];
  }
  derivative(x) {
    return this.s[locate(this.xs, x)];
  }
  primitive(x) {
    const i = locate(this.xs, x);
    const dx = x - this.xs[i];
    return this.primitiveConst[i] + dx * (this.ys[i] + 0.5 * dx * this.s[i]);
  }
};

// workers/quant/math/tridiagonal.ts
function solveTridiagonal(lower, diag, upper, rhs) {
  const n = diag.length;
  const result = new Float64Array(n);
  const tmp = new Float64Array(n);
  let bet = diag[0];
  require2(Math.abs(bet) > 1e-300, "division by zero in the tridiagonal solver");
  result[0] = rhs[0] / bet;
  for (let j = 1; j < n; j++) {
    tmp[j] = upper[j - 1] / bet;
    bet = diag[j] - lower[j - 1] * tmp[j];
    require2(Math.abs(bet) > 1e-300, "division by zero in the tridiagonal solver");
    result[j] = (rhs[j] - lower[j - 1] * result[j - 1]) / bet;
  }
  for (let j = n - 2; j > 0; j--) result[j] -= tmp[j + 1] * result[j + 1];
  if (n > 1) result[0] -= tmp[1] * result[1];
  return result;
}

// workers/quant/math/interpolations/cubic.ts
var CubicInterpolation = class {
  xs;
  ys;
  a;
  b;
  c;
  primitiveConst;
  constructor(xs, ys, o) {
    checkPoints(xs, ys, 2);
    this.xs = Float64Array.from(xs);
    this.ys = Float64Array.from(ys);
    const x = this.xs;
    const y = this.ys;
    const n = x.length;
    const dx = new Float64Array(n - 1);
    const S = new Float64Array(n - 1);
    for (let i = 0; i < n - 1; i++) {
      dx[i] = x[i + 1] - x[i];
      S[i] = (y[i + 1] - y[i]) / dx[i];
    }
    let tmp = new Float64Array(n);
    if (o.derivativeApprox === "Spline") {
      const lower = new Float64Array(n - 1);
      const diag = new Float64Array(n);
      const upper = new Float64Array(n - 1);
      for (let i = 1; i < n - 1; i++) {
        lower[i - 1] = dx[i];
        diag[i] = 2 * (dx[i] + dx[i - 1]);
        upper[i] = dx[i - 1];
        tmp[i] = 3 * (dx[i] * S[i - 1] + dx[i - 1] * S[i]);
      }
      const leftValue = o.leftValue ?? 0;
      const rightValue = o.rightValue ?? 0;
      if ((o.leftCondition ?? "SecondDerivative") === "SecondDerivative") {
        diag[0] = 2;
        upper[0] = 1;
        tmp[0] = 3 * S[0] - leftValue * dx[0] / 2;
      } else {
        diag[0] = 1;
        upper[0] = 0;
        tmp[0] = leftValue;
      }
      if ((o.rightCondition ?? "SecondDerivative") === "SecondDerivative") {
        lower[n - 2] = 1;
        diag[n - 1] = 2;
        tmp[n - 1] = 3 * S[n - 2] + rightValue * dx[n - 2] / 2;
      } else {
        lower[n - 2] = 0;
        diag[n - 1] = 1;
        tmp[n - 1] = rightValue;
      }
      tmp = solveTridiagonal(lower, diag, upper, tmp);
    } else if (n === 2) {
      tmp[0] = tmp[1] = S[0];
    } else {
      switch (o.derivativeApprox) {
        case "Kruger":
          for (let i = 1; i < n - 1; i++) tmp[i] = S[i - 1] * S[i] < 0 ? 0 : 2 / (1 / S[i - 1] + 1 / S[i]);
          tmp[0] = (3 * S[0] - tmp[1]) / 2;
          tmp[n - 1] = (3 * S[n - 2] - tmp[n - 2]) / 2;
          break;
        default:
          require2(false, () => `unknown derivative approximation ${String(o.derivativeApprox)}`);
      }
    }
    if (o.monotonic) hymanFilter(tmp, S, dx, n);
    this.a = new Float64Array(n - 1);
    this.b = new Float64Array(n - 1);
    this.c = new Float64Array(n - 1);
    for (let i = 0; i < n - 1; i++) {
      this.a[i] = tmp[i];
      this.b[i] = (3 * S[i] - tmp[i + 1] - 2 * tmp[i]) / dx[i];
      this.c[i] = (tmp[i + 1] + tmp[i] - 2 * S[i]) / (dx[i] * dx[i]);
    }
    this.primitiveConst = new Float64Array(n - 1);
    for (let i = 1; i < n - 1; i++) {
      const h = dx[i - 1];
      this.primitiveConst[i] = this.primitiveConst[i - 1] + h * (y[i - 1] + h * (this.a[i - 1] / 2 + h * (this.b[i - 1] / 3 + h * this.c[i - 1] / 4)));
    }
  }
  value(x) {
    const j = locate(this.xs, x);
    const d = x - this.xs[j];
    return this.ys[j] + d * (this.a[j] + d * (this.b[j] + d * this.c[j]));
  }
  derivative(x) {
    const j = locate(this.xs, x);
    const d = x - this.xs[j];
    return this.a[j] + (2 * this.b[j] + 3 * this.c[j] * d) * d;
  }
  primitive(x) {
    const j = locate(this.xs, x);
    const d = x - this.xs[j];
    return this.primitiveConst[j] + d * (this.ys[j] + d * (this.a[j] / 2 + d * (this.b[j] / 3 + d * this.c[j] / 4)));
  }
};
function hymanFilter(tmp, S, dx, n) {
  for (let i = 0; i < n; i++) {
    let correction;
    if (i === 0) {
      correction = tmp[i] * S[0] > 0 ? Math.sign(tmp[i]) * Math.min(Math.abs(tmp[i]), Math.abs(3 * S[0])) : 0;
    } else if (i === n - 1) {
      correction = tmp[i] * S[n - 2] > 0 ? Math.sign(tmp[i]) * Math.min(Math.abs(tmp[i]), Math.abs(3 * S[n - 2])) : 0;
    } else {
      const pm = (S[i - 1] * dx[i] + S[i] * dx[i - 1]) / (dx[i - 1] + dx[i]);
      let M = 3 * Math.min(Math.abs(S[i - 1]), Math.abs(S[i]), Math.abs(pm));
      if (i > 1 && (S[i - 1] - S[i - 2]) * (S[i] - S[i - 1]) > 0) {
        const pd = (S[i - 1] * (2 * dx[i - 1] + dx[i - 2]) - S[i - 2] * dx[i - 1]) / (dx[i - 2] + dx[i - 1]);
        if (pm * pd > 0 && pm * (S[i - 1] - S[i - 2]) > 0) M = Math.max(M, 1.5 * Math.min(Math.abs(pm), Math.abs(pd)));
      }
      if (i < n - 2 && (S[i] - S[i - 1]) * (S[i + 1] - S[i]) > 0) {
        const pu = (S[i] * (2 * dx[i] + dx[i + 1]) - S[i + 1] * dx[i]) / (dx[i] + dx[i + 1]);
        if (pm * pu > 0 && -pm * (S[i] - S[i - 1]) > 0) M = Math.max(M, 1.5 * Math.min(Math.abs(pm), Math.abs(pu)));
      }
      correction = tmp[i] * pm > 0 ? Math.sign(tmp[i]) * Math.min(Math.abs(tmp[i]), M) : 0;
    }
    if (correction !== tmp[i]) tmp[i] = correction;
  }
}

// workers/quant/math/interpolations/log.ts
var LogInterpolation = class {
  xs;
  ys;
  inner;
  constructor(xs, ys, makeInner) {
    const logs = new Float64Array(ys.length);
    for (let i = 0; i < ys.length; i++) {
      require2(ys[i] > 0, () => `invalid value (${ys[i]}) at index ${i}: log interpolation needs positive values`);
      logs[i] = Math.log(ys[i]);
    }
    this.inner = makeInner(xs, logs);
    this.xs = this.inner.xs;
    this.ys = Float64Array.from(ys);
  }
  value(x) {
    return Math.exp(this.inner.value(x));
  }
  derivative(x) {
    return this.value(x) * this.inner.derivative(x);
  }
  primitive() {
    throw new Error("LogInterpolation primitive not implemented");
  }
};

// workers/quant/curves/interpolated-zero-curve.ts
function nodeTimes(dates, dayCounter) {
  const times2 = new Float64Array(dates.length);
  for (let i = 1; i < dates.length; i++) {
    times2[i] = dayCounter.yearFraction(dates[0], dates[i]);
    require2(times2[i] > times2[i - 1], () => `two dates correspond to the same time under this curve's day count convention (${dayCounter.name})`, "nodes");
  }
  return times2;
}
var InterpolatedZeroCurve = class {
  constructor(dates, rates, dayCounter, interpolator, compounding, frequency, allowsExtrapolation) {
    this.dayCounter = dayCounter;
    this.allowsExtrapolation = allowsExtrapolation;
    require2(dates.length === rates.length, "dates/data count mismatch", "nodes");
    this.referenceDate = dates[0];
    const times2 = nodeTimes(dates, dayCounter);
    const data = Float64Array.from(rates);
    if (compounding !== "Continuous") {
      data[0] = equivalentRate(interestRate(rates[0], dayCounter, compounding, frequency), "Continuous", -1, 1 / 365);
      for (let i = 1; i < dates.length; i++) data[i] = equivalentRate(interestRate(rates[i], dayCounter, compounding, frequency), "Continuous", -1, times2[i]);
    }
    this.interpolation = interpolator(times2, data);
    this.tMax = times2[times2.length - 1];
    this.maxTime = this.tMax;
    this.zMax = data[data.length - 1];
    this.fwdMax = this.zMax + this.tMax * this.interpolation.derivative(this.tMax);
  }
  dayCounter;
  allowsExtrapolation;
  referenceDate;
  maxTime;
  interpolation;
  tMax;
  zMax;
  fwdMax;
  zeroYield(t) {
    if (t <= this.tMax) return this.interpolation.value(t);
    return (this.zMax * this.tMax + this.fwdMax * (t - this.tMax)) / t;
  }
  discountT(t) {
    if (t === 0) return 1;
    return Math.exp(-this.zeroYield(t) * t);
  }
};

// workers/quant/curves/interpolated-discount-curve.ts
var InterpolatedDiscountCurve = class {
  constructor(dates, discounts, dayCounter, interpolator, allowsExtrapolation) {
    this.dayCounter = dayCounter;
    this.allowsExtrapolation = allowsExtrapolation;
    require2(dates.length === discounts.length, "dates/data count mismatch", "nodes");
    require2(discounts[0] === 1, "the first discount must be == 1.0 to flag the corresponding date as reference date", "nodes");
    for (let i = 1; i < discounts.length; i++) require2(discounts[i] > 0, () => `negative discount (${discounts[i]})`, "nodes");
    this.referenceDate = dates[0];
    const times2 = nodeTimes(dates, dayCounter);
    this.interpolation = interpolator(times2, discounts);
    this.tMax = times2[times2.length - 1];
    this.maxTime = this.tMax;
    this.dMax = discounts[discounts.length - 1];
    this.fwdMax = -this.interpolation.derivative(this.tMax) / this.dMax;
  }
  dayCounter;
  allowsExtrapolation;
  referenceDate;
  maxTime;
  interpolation;
  tMax;
  dMax;
  fwdMax;
  discountT(t) {
    if (t <= this.tMax) return this.interpolation.value(t);
    return this.dMax * Math.exp(-this.fwdMax * (t - this.tMax));
  }
};

// workers/quant/curves/interpolated-forward-curve.ts
var InterpolatedForwardCurve = class {
  constructor(dates, forwards, dayCounter, interpolator, allowsExtrapolation) {
    this.dayCounter = dayCounter;
    this.allowsExtrapolation = allowsExtrapolation;
    require2(dates.length === forwards.length, "dates/data count mismatch", "nodes");
    this.referenceDate = dates[0];
    const times2 = nodeTimes(dates, dayCounter);
    this.interpolation = interpolator(times2, forwards);
    this.tMax = times2[times2.length - 1];
    this.maxTime = this.tMax;
    this.fMax = forwards[forwards.length - 1];
    this.integralMax = this.interpolation.primitive(this.tMax);
  }
  dayCounter;
  allowsExtrapolation;
  referenceDate;
  maxTime;
  interpolation;
  tMax;
  fMax;
  integralMax;
  discountT(t) {
    if (t === 0) return 1;
    const integral = t <= this.tMax ? this.interpolation.primitive(t) : this.integralMax + this.fMax * (t - this.tMax);
    return Math.exp(-integral);
  }
};

// workers/quant/curves/curve-from-nodes.ts
var INTERPOLATION_METHODS = ["linear_zero", "log_linear_discount", "cubic_zero", "natural_cubic_zero", "monotone_cubic_zero", "log_cubic_discount", "linear_forward"];
var linear = (x, y) => new LinearInterpolation(x, y);
var naturalCubic = (x, y) => new CubicInterpolation(x, y, { derivativeApprox: "Spline", monotonic: false });
var monotoneCubic = (x, y) => new CubicInterpolation(x, y, { derivativeApprox: "Spline", monotonic: true });
var logLinear = (x, y) => new LogInterpolation(x, y, linear);
var logNaturalCubic = (x, y) => new LogInterpolation(x, y, naturalCubic);
var ZERO_INTERPOLATORS = {
  linear_zero: linear,
  cubic_zero: naturalCubic,
  natural_cubic_zero: naturalCubic,
  monotone_cubic_zero: monotoneCubic
};
var DISCOUNT_INTERPOLATORS = {
  log_linear_discount: logLinear,
  log_cubic_discount: logNaturalCubic
};
function buildCurve({ referenceDate, nodes, building }) {
  const method = building.interpolation_method;
  require2(INTERPOLATION_METHODS.includes(method), () => `unknown interpolation_method '${building.interpolation_method}' (expected one of ${INTERPOLATION_METHODS.join(", ")})`, "building.interpolation_method");
  const compounding = building.compounding;
  require2(COMPOUNDINGS.includes(compounding), () => `unknown compounding '${building.compounding}'`, "building.compounding");
  const frequency = parseFrequency(building.frequency, "building.frequency");
  const dayCounter = dayCounterFromCode(building.day_counter, {}, "building.day_counter");
  const extrapolation = building.extrapolation ?? true;
  const scale = building.rate_unit === "percent" ? 0.01 : 1;
  const { days_to_maturity: days, zero } = nodes;
  require2(days.length > 0 && days.length === zero.length, () => `nodes: ${days.length} days and ${zero.length} rates`, "nodes");
  const dates = [];
  const rates = [];
  for (let i = 0; i < days.length; i++) {
    require2(Number.isInteger(days[i]) && days[i] >= 0, () => `nodes: days_to_maturity must be non-negative integers (${days[i]})`, "nodes.days_to_maturity");
    require2(Number.isFinite(zero[i]), () => `nodes: rate at ${days[i]} days is not finite`, "nodes.zero");
    require2(i === 0 || days[i] > days[i - 1], () => `nodes: days_to_maturity must increase (${days[i - 1]} then ${days[i]})`, "nodes.days_to_maturity");
    dates.push(referenceDate + days[i]);
    rates.push(zero[i] * scale);
  }
  if (days[0] !== 0) {
    dates.unshift(referenceDate);
    rates.unshift(rates[0]);
  }
  require2(dates.length >= 2, "nodes: a curve needs a node after the reference date", "nodes");
  if (method === "linear_forward") {
    require2((building.quote_convention ?? "forward") === "forward", "linear_forward applies only to curves whose quotes are forward rates", "building.quote_convention");
    return new InterpolatedForwardCurve(dates, rates, dayCounter, linear, extrapolation);
  }
  require2(building.quote_convention === void 0 || building.quote_convention === "zero", () => `${method} needs zero-rate quotes, got quote_convention '${building.quote_convention}'`, "building.quote_convention");
  const zeroInterpolator = ZERO_INTERPOLATORS[method];
  if (zeroInterpolator) return new InterpolatedZeroCurve(dates, rates, dayCounter, zeroInterpolator, compounding, frequency, extrapolation);
  const discountInterpolator = DISCOUNT_INTERPOLATORS[method];
  if (!discountInterpolator) throw new QuantInputError(`unsupported interpolation_method '${method}'`, "building.interpolation_method");
  const times2 = nodeTimes(dates, dayCounter);
  const discounts = rates.map((r, i) => i === 0 ? 1 : discountFactor(r, compounding, frequency, times2[i]));
  return new InterpolatedDiscountCurve(dates, discounts, dayCounter, discountInterpolator, extrapolation);
}

// workers/operations/market.ts
var builtCurves = new BoundedCache(256);
var fixingHistories = new BoundedCache(64);
var NO_FIXINGS = /* @__PURE__ */ new Map();
function taskCurve2(c) {
  return builtCurves.getOrSet(c.cache_key, () => buildCurve({ referenceDate: fromIso(c.reference_date, "curve.reference_date"), nodes: c.nodes, building: c.building }));
}
function requiredCurve(task, role) {
  const c = task.curves[role];
  if (!c) throw new MissingCurveError(role);
  return taskCurve2(c);
}
function floatingIndex(task, indexUid, withProjection) {
  const conventions = task.indexes[indexUid];
  if (!conventions) throw new QuantInputError(`no conventions for floating-rate index ${indexUid}`, "terms.floating_rate_index_uid");
  const fixings = task.fixings[conventions.identifier];
  const history = fixings ? fixingHistories.getOrSet(fixings.key, () => decodeFixings(fixings.buffer)) : NO_FIXINGS;
  const tenor = parsePeriod(conventions.tenor, "index.tenor");
  require2(tenor.length > 0, () => `index.tenor: '${conventions.tenor}' is not a positive period`, "index.tenor");
  return {
    name: conventions.identifier,
    tenor,
    fixingDays: conventions.fixing_days,
    fixingCalendar: calendarFromTerms(conventions.calendar, "index.calendar"),
    dayCounter: dayCounterFromCode(conventions.day_count, {}, "index.day_count"),
    convention: parseBusinessDayConvention(conventions.business_day_convention, "index.business_day_convention"),
    endOfMonth: conventions.end_of_month,
    history,
    forecastCurve: withProjection ? requiredCurve(task, "projection") : null
  };
}

// workers/quant/time/schedule.ts
var allowsEndOfMonth = (tenor) => (tenor.unit === "Months" || tenor.unit === "Years") && tenor.length >= 1;
var negate = (p, n) => ({ length: -n * p.length, unit: p.unit });
var times = (p, n) => ({ length: n * p.length, unit: p.unit });
function makeSchedule(o) {
  const convention2 = o.convention ?? "Following";
  const terminationConvention = o.terminationConvention ?? convention2;
  const cal = o.calendar;
  let tenor = o.tenor;
  let rule = o.rule ?? "Backward";
  const eom = allowsEndOfMonth(tenor) ? o.endOfMonth ?? false : false;
  const effective = o.effective;
  const termination = o.termination;
  const first = o.firstDate === effective ? void 0 : o.firstDate;
  const nextToLast = o.nextToLastDate === termination ? void 0 : o.nextToLastDate;
  require2(effective < termination, () => `effective date (${toIso(effective)}) later than or equal to termination date (${toIso(termination)})`, "schedule");
  if (tenor.length === 0) rule = "Zero";
  else require2(tenor.length > 0, () => `non positive tenor (${tenor.length}${tenor.unit[0]}) not allowed`, "schedule.tenor");
  require2(!(rule === "ThirdWednesday" && eom), "endOfMonth convention incompatible with ThirdWednesday date generation rule", "schedule.end_of_month");
  require2(!(rule === "Zero" && eom), "end of month is not supported with the Zero date generation rule (QuantLib 1.29 fails on it)", "schedule.end_of_month");
  if (first !== void 0) {
    if (rule === "Backward" || rule === "Forward") {
      require2(first > effective && first <= termination, () => `first date (${toIso(first)}) out of effective-termination date range (${toIso(effective)}, ${toIso(termination)}]`, "schedule.first_date");
    } else {
      throw new QuantInputError(`first date incompatible with ${rule} date generation rule`, "schedule.first_date");
    }
  }
  if (nextToLast !== void 0) {
    if (rule === "Backward" || rule === "Forward") {
      require2(nextToLast >= effective && nextToLast < termination, () => `next to last date (${toIso(nextToLast)}) out of effective-termination date range [${toIso(effective)}, ${toIso(termination)})`, "schedule.next_to_last_date");
    } else {
      throw new QuantInputError(`next to last date incompatible with ${rule} date generation rule`, "schedule.next_to_last_date");
    }
  }
  const dates = [];
  const isRegular = [];
  const adj = (d) => adjust(cal, d, convention2);
  let seed = effective;
  let periods = 1;
  if (rule === "Zero") {
    tenor = { length: 0, unit: "Years" };
    dates.push(effective, termination);
    isRegular.push(true);
  } else if (rule === "Backward") {
    dates.push(termination);
    seed = termination;
    if (nextToLast !== void 0) {
      dates.push(nextToLast);
      const temp = advanceByPeriod(nullCalendar, seed, negate(tenor, periods), convention2, eom);
      isRegular.push(temp === nextToLast);
      seed = nextToLast;
    }
    const exit = first ?? effective;
    for (; ; ) {
      const temp = advanceByPeriod(nullCalendar, seed, negate(tenor, periods), convention2, eom);
      if (temp < exit) {
        if (first !== void 0 && adj(dates[dates.length - 1]) !== adj(first)) {
          dates.push(first);
          isRegular.push(false);
        }
        break;
      }
      if (adj(dates[dates.length - 1]) !== adj(temp)) {
        dates.push(temp);
        isRegular.push(true);
      }
      periods++;
    }
    if (adj(dates[dates.length - 1]) !== adj(effective)) {
      dates.push(effective);
      isRegular.push(false);
    }
    dates.reverse();
    isRegular.reverse();
  } else {
    dates.push(effective);
    seed = effective;
    if (first !== void 0) {
      dates.push(first);
      const temp = advanceByPeriod(nullCalendar, seed, times(tenor, periods), convention2, eom);
      isRegular.push(temp === first);
      seed = first;
    }
    const exit = nextToLast ?? termination;
    for (; ; ) {
      const temp = advanceByPeriod(nullCalendar, seed, times(tenor, periods), convention2, eom);
      if (temp > exit) {
        if (nextToLast !== void 0 && adj(dates[dates.length - 1]) !== adj(nextToLast)) {
          dates.push(nextToLast);
          isRegular.push(false);
        }
        break;
      }
      if (adj(dates[dates.length - 1]) !== adj(temp)) {
        dates.push(temp);
        isRegular.push(true);
      }
      periods++;
    }
    if (adjust(cal, dates[dates.length - 1], terminationConvention) !== adjust(cal, termination, terminationConvention)) {
      dates.push(termination);
      isRegular.push(false);
    }
  }
  if (rule === "ThirdWednesday") {
    for (let i = 1; i < dates.length - 1; i++) dates[i] = nthWeekday(3, Wednesday, month(dates[i]), year(dates[i]));
  }
  const last = dates.length - 1;
  if (eom && isEndOfMonth(cal, seed)) {
    for (let i = 1; i < last; i++) dates[i] = convention2 === "Unadjusted" ? endOfMonth(dates[i]) : endOfMonth2(cal, dates[i]);
    let d1 = dates[0];
    let d2 = dates[last];
    if (terminationConvention !== "Unadjusted") {
      d1 = endOfMonth2(cal, dates[0]);
      d2 = endOfMonth2(cal, dates[last]);
    } else if (rule === "Backward") {
      d2 = endOfMonth(dates[last]);
    } else {
      d1 = endOfMonth(dates[0]);
    }
    if (d1 !== d2) {
      dates[0] = d1;
      dates[last] = d2;
    }
  } else {
    dates[0] = adj(dates[0]);
    for (let i = 1; i < last; i++) dates[i] = adj(dates[i]);
    if (terminationConvention !== "Unadjusted") dates[last] = adjust(cal, dates[last], terminationConvention);
  }
  if (dates.length >= 2 && dates[dates.length - 2] >= dates[dates.length - 1]) {
    if (isRegular.length >= 2) isRegular[isRegular.length - 2] = dates[dates.length - 2] === dates[dates.length - 1];
    dates[dates.length - 2] = dates[dates.length - 1];
    dates.pop();
    isRegular.pop();
  }
  if (dates.length >= 2 && dates[1] <= dates[0]) {
    if (isRegular.length >= 2) isRegular[1] = dates[1] === dates[0];
    dates[1] = dates[0];
    dates.shift();
    isRegular.shift();
  }
  require2(dates.length > 1, () => `degenerate single date (${toIso(dates[0])}) schedule`, "schedule");
  return { dates, isRegular, calendar: cal, convention: convention2, terminationConvention, tenor, rule, endOfMonth: eom };
}
function scheduleFromDates(dates, o) {
  require2(dates.length >= 2, () => `a schedule needs at least two dates, got ${dates.length}`, "schedule.dates");
  for (let i = 1; i < dates.length; i++) require2(dates[i] > dates[i - 1], () => `schedule dates must increase: ${toIso(dates[i - 1])} then ${toIso(dates[i])}`, `schedule.dates[${i}]`);
  if (o.isRegular && o.isRegular.length) require2(o.isRegular.length === dates.length - 1, () => `isRegular must have one flag per period`, "schedule.is_regular");
  const convention2 = o.convention ?? "Unadjusted";
  return {
    dates: [...dates],
    isRegular: o.isRegular ? [...o.isRegular] : [],
    calendar: o.calendar,
    convention: convention2,
    terminationConvention: o.terminationConvention ?? convention2,
    tenor: o.tenor ?? null,
    rule: o.rule ?? null,
    endOfMonth: o.endOfMonth ?? null
  };
}

// workers/quant/indexes/ibor-index.ts
var valueDate = (index, fixingDate) => advance(index.fixingCalendar, fixingDate, index.fixingDays, "Days");
var maturityDate = (index, value) => advanceByPeriod(index.fixingCalendar, value, index.tenor, index.convention, index.endOfMonth);
function forecastFixing(index, d1, d2, t) {
  require2(index.forecastCurve !== null, () => `null term structure set to this instance of ${index.name}`, "curves.projection");
  require2(t > 0, () => `cannot calculate forward rate between ${toIso(d1)} and ${toIso(d2)}: non positive time (${t}) using ${index.dayCounter.name} daycounter`);
  return (discountAt(index.forecastCurve, d1, true) / discountAt(index.forecastCurve, d2, true) - 1) / t;
}
function couponIndexFixing(index, fixingDate, evaluationDate, value, end, t) {
  if (fixingDate > evaluationDate) return forecastFixing(index, value, end, t);
  const past = index.history.get(fixingDate);
  if (fixingDate < evaluationDate) return past ?? Number.NaN;
  return past ?? forecastFixing(index, value, end, t);
}
var missingFixing = (index, fixingDate) => ({ index: index.name, date: toIso(fixingDate) });

// workers/quant/cashflows/fixed-rate-leg.ts
var nth = (values, i, fallback) => values.length === 0 ? fallback : i < values.length ? values[i] : values[values.length - 1];
function paymentDateFor(end, calendar2, convention2, lag) {
  return advance(calendar2, end, lag, "Days", convention2);
}
function exCouponDateFor(paymentDate, ex) {
  if (!ex || ex.period.length === 0) return null;
  return advanceByPeriod(ex.calendar, paymentDate, { length: -ex.period.length, unit: ex.period.unit }, ex.convention, ex.endOfMonth);
}
function isRegularPeriod(schedule, i) {
  return schedule.isRegular.length === 0 || schedule.isRegular[i - 1];
}
function fixedRateLeg(o) {
  const { schedule, dayCounter } = o;
  const dates = schedule.dates;
  const n = dates.length;
  require2(n >= 2, "a fixed-rate leg needs a schedule with at least two dates", "schedule");
  require2(o.rates.length > 0, "no coupon rates given", "coupon_rate");
  require2(o.notionals.length > 0, "no notional given", "face_value");
  const compounding = o.compounding ?? "Simple";
  const frequency = o.frequency ?? 1;
  const payCal = o.paymentCalendar ?? schedule.calendar;
  const payConv = o.paymentConvention ?? "Following";
  const lag = o.paymentLag ?? 0;
  const coupons = [];
  const coupon = (i, refStart, refEnd) => {
    const start = dates[i - 1];
    const end = dates[i];
    const date2 = paymentDateFor(end, payCal, payConv, lag);
    const rate = nth(o.rates, i - 1, 0);
    const nominal = nth(o.notionals, i - 1, 0);
    const yf = dayCounter.yearFraction(start, end, refStart, refEnd);
    return {
      kind: "fixed",
      date: date2,
      nominal,
      accrualStart: start,
      accrualEnd: end,
      refStart,
      refEnd,
      exCouponDate: exCouponDateFor(date2, o.exCoupon),
      dayCounter,
      rate,
      compounding,
      frequency,
      amount: nominal * (compoundFactor(rate, compounding, frequency, yf) - 1)
    };
  };
  const referenceShift = (from, sign) => {
    require2(schedule.tenor !== null, "full interface (tenor) not available", "schedule.tenor");
    require2(schedule.endOfMonth !== null, "full interface (end of month) not available: an explicit schedule with a tenor needs end_of_month", "schedule.end_of_month");
    return advanceByPeriod(schedule.calendar, from, { length: sign * schedule.tenor.length, unit: schedule.tenor.unit }, schedule.convention, schedule.endOfMonth);
  };
  const hasFlags = schedule.isRegular.length > 0;
  if (!hasFlags || schedule.isRegular[0]) coupons.push(coupon(1, dates[0], dates[1]));
  else coupons.push(coupon(1, referenceShift(dates[1], -1), dates[1]));
  for (let i = 2; i < n - 1; i++) coupons.push(coupon(i, dates[i - 1], dates[i]));
  if (n > 2) {
    if (hasFlags && schedule.isRegular[n - 2] || schedule.tenor === null) coupons.push(coupon(n - 1, dates[n - 2], dates[n - 1]));
    else coupons.push(coupon(n - 1, dates[n - 2], referenceShift(dates[n - 2], 1)));
  }
  return coupons;
}

// workers/quant/cashflows/ibor-leg.ts
function iborLegPlan(o) {
  const { schedule, index } = o;
  const dates = schedule.dates;
  const n = dates.length - 1;
  require2(n >= 1, "an Ibor leg needs a schedule with at least two dates", "schedule");
  const payCal = o.paymentCalendar ?? schedule.calendar;
  const payConv = o.paymentConvention ?? "Following";
  const lag = o.paymentLag ?? 0;
  const inArrears = o.inArrears ?? false;
  const fixingDays = o.fixingDays ?? index.fixingDays;
  const plan = [];
  for (let i = 0; i < n; i++) {
    let failing = true;
    try {
      const start = dates[i];
      const end = dates[i + 1];
      let refStart = start;
      let refEnd = end;
      const date2 = paymentDateFor(end, payCal, payConv, lag);
      if (i === 0 && schedule.tenor && !isRegularPeriod(schedule, 1)) refStart = adjust(schedule.calendar, shiftByPeriod(end, schedule.tenor, -1), schedule.convention);
      if (i === n - 1 && schedule.tenor && !isRegularPeriod(schedule, n)) refEnd = adjust(schedule.calendar, shiftByPeriod(start, schedule.tenor, 1), schedule.convention);
      const exCouponDate = exCouponDateFor(date2, o.exCoupon);
      const nominal = nth(o.notionals, i, 1);
      const gearing = nth(o.gearings ?? [], i, 1);
      const spread = nth(o.spreads ?? [], i, 0);
      const dc = o.paymentDayCounter;
      const yf = dc.yearFraction(start, end, refStart, refEnd);
      if (gearing === 0) {
        plan.push({ kind: "fixed", coupon: { kind: "fixed", date: date2, nominal, accrualStart: start, accrualEnd: end, refStart, refEnd, exCouponDate, dayCounter: dc, rate: spread, compounding: "Simple", frequency: 1, amount: nominal * spread * yf } });
        failing = false;
        continue;
      }
      const fixingDate = advance(index.fixingCalendar, inArrears ? end : start, -fixingDays, "Days", "Preceding");
      const value = valueDate(index, fixingDate);
      const indexMaturity = maturityDate(index, value);
      let fixingEnd = indexMaturity;
      if (!inArrears) {
        const nextFixingDate = advance(index.fixingCalendar, end, -fixingDays, "Days");
        fixingEnd = Math.max(advance(index.fixingCalendar, nextFixingDate, index.fixingDays, "Days"), value + 1);
      }
      const spanning = index.dayCounter.yearFraction(value, fixingEnd);
      require2(spanning > 0, () => `cannot calculate forward rate between ${value} and ${fixingEnd}: non positive time`, "schedule");
      failing = false;
      const cap = o.caps && o.caps.length ? nth(o.caps, i, Number.NaN) : Number.NaN;
      const floor = o.floors && o.floors.length ? nth(o.floors, i, Number.NaN) : Number.NaN;
      const coupon = {
        kind: "floating",
        date: date2,
        nominal,
        accrualStart: start,
        accrualEnd: end,
        refStart,
        refEnd,
        exCouponDate,
        dayCounter: dc,
        yf,
        fixingDate,
        value,
        fixingEnd,
        spanning,
        gearing,
        spread,
        cap: Number.isNaN(cap) ? null : cap,
        floor: Number.isNaN(floor) ? null : floor,
        inArrears,
        nullAccrual: yf === 0
      };
      try {
        require2(Number.isNaN(cap) || Number.isNaN(floor) || cap >= floor, () => `cap level (${cap}) less than floor level (${floor})`, "caps");
        require2(Number.isNaN(cap) && Number.isNaN(floor) || gearing > 0, () => `caps and floors need a positive gearing (${gearing})`, "gearings");
      } catch (error) {
        plan.push({ ...coupon, failsAfterFixing: error });
        return plan;
      }
      plan.push(coupon);
    } catch (error) {
      if (!failing) throw error;
      plan.push({ kind: "fails", error });
      return plan;
    }
  }
  return plan;
}
function iborLegCoupons(plan, index, evaluationDate) {
  const leg = [];
  for (const p of plan) {
    if (p.kind === "fails") throw p.error;
    if (p.kind === "fixed") {
      leg.push(p.coupon);
      continue;
    }
    const indexFixing = couponIndexFixing(index, p.fixingDate, evaluationDate, p.value, p.fixingEnd, p.spanning);
    if (p.failsAfterFixing !== void 0) throw p.failsAfterFixing;
    let rate = p.gearing * indexFixing + p.spread;
    if (p.floor !== null) rate = Math.max(rate, p.floor);
    if (p.cap !== null) rate = Math.min(rate, p.cap);
    leg.push({
      kind: "floating",
      date: p.date,
      nominal: p.nominal,
      accrualStart: p.accrualStart,
      accrualEnd: p.accrualEnd,
      refStart: p.refStart,
      refEnd: p.refEnd,
      exCouponDate: p.exCouponDate,
      dayCounter: p.dayCounter,
      rate,
      amount: p.nominal * rate * p.yf,
      fixingDate: p.fixingDate,
      indexFixing,
      gearing: p.gearing,
      spread: p.spread,
      cap: p.cap,
      floor: p.floor,
      inArrears: p.inArrears,
      missingFixing: Number.isNaN(indexFixing) ? missingFixing(index, p.fixingDate) : null,
      nullAccrual: p.nullAccrual
    });
  }
  return leg;
}

// workers/quant/instruments/bonds/fixed-rate-bond.ts
function fixedRateBond(o) {
  require2(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, "settlement_days");
  const calendar2 = o.paymentCalendar ?? o.schedule.calendar;
  const coupons = fixedRateLeg({
    schedule: o.schedule,
    notionals: o.notionals,
    rates: o.coupons,
    dayCounter: o.dayCounter,
    paymentCalendar: calendar2,
    paymentConvention: o.paymentConvention ?? "Following",
    paymentLag: o.paymentLag ?? 0,
    exCoupon: o.exCoupon
  });
  const maturityDate2 = o.schedule.dates[o.schedule.dates.length - 1];
  return bondFromCoupons({ settlementDays: o.settlementDays, calendar: calendar2, issueDate: o.issueDate ?? null, maturityDate: maturityDate2 }, coupons, o.redemptions ?? [100]);
}

// workers/quant/instruments/bonds/zero-coupon-bond.ts
function zeroCouponBond(o) {
  require2(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, "settlement_days");
  const date2 = adjust(o.calendar, o.maturityDate, o.paymentConvention ?? "Following");
  return bondWithSingleRedemption(
    { settlementDays: o.settlementDays, calendar: o.calendar, issueDate: o.issueDate ?? null, maturityDate: o.maturityDate },
    o.faceAmount,
    o.redemption ?? 100,
    date2
  );
}

// workers/quant/instruments/bonds/floating-rate-bond.ts
function floatingRateBondPlan(o) {
  require2(o.settlementDays >= 0, () => `settlement days (${o.settlementDays}) must be non-negative`, "settlement_days");
  const calendar2 = o.paymentCalendar ?? o.schedule.calendar;
  const leg = iborLegPlan({
    schedule: o.schedule,
    index: o.index,
    notionals: o.notionals,
    paymentDayCounter: o.paymentDayCounter,
    paymentCalendar: calendar2,
    paymentConvention: o.paymentConvention ?? "Following",
    paymentLag: o.paymentLag,
    fixingDays: o.fixingDays,
    gearings: o.gearings,
    spreads: o.spreads,
    caps: o.caps,
    floors: o.floors,
    inArrears: o.inArrears,
    exCoupon: o.exCoupon
  });
  const maturityDate2 = o.schedule.dates[o.schedule.dates.length - 1];
  return { base: { settlementDays: o.settlementDays, calendar: calendar2, issueDate: o.issueDate ?? null, maturityDate: maturityDate2 }, leg, redemptions: o.redemptions ?? [100] };
}
function floatingRateBondFrom(plan, index, evaluationDate) {
  return bondFromCoupons(plan.base, iborLegCoupons(plan.leg, index, evaluationDate), plan.redemptions);
}

// workers/quant/math/close.ts
var EPS = Number.EPSILON;

// workers/quant/lattices/hull-white-tree.ts
var SQRT3 = Math.sqrt(3);

// workers/operations/terms-limits.ts
var TERMS_LIMITS = {
  /** entries of `callability` (call and put dates) */
  callDates: 1e3,
  /** coupon periods of the schedule, stored or generated */
  couponPeriods: 1200,
  /** nodes of a callable's Hull-White tree (about 36 bytes each, its layout and its fitted discounts: ~90 MB, ~150 ms per valuation at the limit) */
  treeNodes: 25e5
};

// workers/operations/rebuild-instrument.ts
var FIXED_TYPES = ["FixedRateBond", "CallableFixedRateBond", "AmortizingFixedRateBond"];
var FLOATING_TYPES = ["FloatingRateBond", "AmortizingFloatingRateBond"];
var BOND_TYPES = [...FIXED_TYPES, "ZeroCouponBond", ...FLOATING_TYPES];
var isFloatingType = (t) => FLOATING_TYPES.includes(t);
function field(terms, name, check, what) {
  const v = terms[name];
  if (!check(v)) throw new QuantInputError(`terms.${name}: ${what} required, got ${JSON.stringify(v)}`, `terms.${name}`);
  return v;
}
var optional = (terms, name) => terms[name] === null ? void 0 : terms[name];
var isNumber = (v) => typeof v === "number" && Number.isFinite(v);
var isString = (v) => typeof v === "string" && v.length > 0;
var date = (terms, name) => fromIso(field(terms, name, isString, "an ISO date"), `terms.${name}`);
var calendar = (v, name) => {
  if (!v || typeof v !== "object") throw new QuantInputError(`terms.${name}: a calendar object {name} is required`, `terms.${name}`);
  return calendarFromTerms(v, `terms.${name}`);
};
var convention = (v, name, fallback) => v === void 0 || v === null ? fallback : parseBusinessDayConvention(String(v), `terms.${name}`);
var numbers = (terms, name) => {
  const v = optional(terms, name);
  if (v === void 0) return void 0;
  if (!Array.isArray(v) || v.length === 0 || !v.every(isNumber)) throw new QuantInputError(`terms.${name}: a non-empty list of numbers required`, `terms.${name}`);
  return v;
};
var THIRTY_360_ISDA = /^(thirty360_(isda|german)|30e\/360 \(isda\))$/i;
function commonTerms(terms) {
  const face = field(terms, "face_value", (v) => isNumber(v) && v > 0, "a positive number");
  const issue = date(terms, "issue_date");
  const maturity = date(terms, "maturity_date");
  require2(maturity > issue, () => `terms.maturity_date: maturity (${String(terms.maturity_date)}) must be after issue (${String(terms.issue_date)})`, "terms.maturity_date");
  const cal = calendar(terms.calendar, "calendar");
  const bdc = convention(terms.business_day_convention, "business_day_convention", "Following");
  const dayCount = field(terms, "day_count", isString, "a day count code");
  const settlementDays = terms.settlement_days === void 0 || terms.settlement_days === null ? 2 : field(terms, "settlement_days", (v) => Number.isInteger(v) && v >= 0, "a non-negative integer");
  return {
    face,
    issue,
    maturity,
    // only 30E/360 ISDA depends on the termination date: other codes resolve to one shared day counter
    dayCounter: dayCounterFromCode(dayCount, THIRTY_360_ISDA.test(dayCount) ? { terminationDate: maturity } : {}, "terms.day_count"),
    calendar: cal,
    convention: bdc,
    paymentConvention: convention(terms.payment_convention, "payment_convention", bdc),
    paymentCalendar: terms.payment_calendar ? calendar(terms.payment_calendar, "payment_calendar") : cal,
    settlementDays
  };
}
function couponTenor(terms) {
  const tenor = parsePeriod(field(terms, "coupon_frequency", isString, "a period such as 6M"), "terms.coupon_frequency");
  require2(tenor.length > 0, "terms.coupon_frequency: must be a positive period", "terms.coupon_frequency");
  return tenor;
}
function bondSchedule(terms, c) {
  const schedule = unboundedSchedule(terms, c);
  const periods = schedule.dates.length - 1;
  require2(periods <= TERMS_LIMITS.couponPeriods, () => `terms.schedule: ${periods} coupon periods, over the limit of ${TERMS_LIMITS.couponPeriods}`, optional(terms, "schedule") ? "terms.schedule.dates" : "terms.coupon_frequency");
  return schedule;
}
function unboundedSchedule(terms, c) {
  const tenor = couponTenor(terms);
  const stored = optional(terms, "schedule");
  if (!stored) {
    return makeSchedule({ effective: c.issue, termination: c.maturity, tenor, calendar: c.calendar, convention: c.convention, terminationConvention: c.convention, rule: "Forward", endOfMonth: false });
  }
  const dates = stored.dates ?? [];
  require2(Array.isArray(dates) && dates.length >= 2, "terms.schedule.dates: at least two dates required", "terms.schedule.dates");
  const cal = stored.calendar ? calendar(stored.calendar, "schedule.calendar") : c.calendar;
  const bdc = convention(stored.business_day_convention, "schedule.business_day_convention", c.convention);
  return scheduleFromDates(
    dates.map((d, i) => fromIso(String(d), `terms.schedule.dates[${i}]`)),
    {
      calendar: cal,
      convention: bdc,
      terminationConvention: convention(stored.termination_business_day_convention, "schedule.termination_business_day_convention", bdc),
      tenor: stored.tenor ? parsePeriod(String(stored.tenor), "terms.schedule.tenor") : tenor,
      rule: stored.rule ?? null,
      endOfMonth: stored.end_of_month ?? null
    }
  );
}
function exCoupon(terms, c) {
  const period = optional(terms, "ex_coupon_period");
  if (period === void 0) return null;
  return {
    period: parsePeriod(String(period), "terms.ex_coupon_period"),
    calendar: terms.ex_coupon_calendar ? calendar(terms.ex_coupon_calendar, "ex_coupon_calendar") : c.calendar,
    convention: convention(terms.ex_coupon_convention, "ex_coupon_convention", "Unadjusted"),
    endOfMonth: terms.ex_coupon_end_of_month === true
  };
}
function amortization(terms, schedule, face) {
  const a = terms.amortization;
  if (!a || typeof a !== "object") throw new QuantInputError("terms.amortization: {notionals[], redemptions[]?, payment_lag?} required", "terms.amortization");
  const notionals = numbers(a, "notionals");
  const periods = schedule.dates.length - 1;
  require2(notionals !== void 0 && notionals.length === periods, () => `terms.amortization.notionals: one notional per coupon period required (${periods} periods, ${notionals?.length ?? 0} notionals)`, "terms.amortization.notionals");
  require2(notionals.every((n) => n > 0), "terms.amortization.notionals: notionals must be positive", "terms.amortization.notionals");
  require2(Math.abs(notionals[0] - face) <= 1e-9 * face, () => `terms.amortization.notionals: the first notional (${notionals[0]}) must equal face_value (${face})`, "terms.amortization.notionals");
  const lag = a.payment_lag === void 0 || a.payment_lag === null ? 0 : Number(a.payment_lag);
  require2(Number.isInteger(lag) && lag >= 0, "terms.amortization.payment_lag: a non-negative integer required", "terms.amortization.payment_lag");
  return { notionals, redemptions: numbers(a, "redemptions") ?? [100], paymentLag: lag };
}
function rebuildFixedRateBond(type, terms) {
  const c = commonTerms(terms);
  const schedule = bondSchedule(terms, c);
  const rate = field(terms, "coupon_rate", isNumber, "a number");
  const amort = type === "AmortizingFixedRateBond" ? amortization(terms, schedule, c.face) : null;
  const redemption = terms.redemption === void 0 ? 100 : field(terms, "redemption", (v) => isNumber(v) && v >= 0, "a non-negative number");
  return fixedRateBond({
    settlementDays: c.settlementDays,
    notionals: amort ? amort.notionals : [c.face],
    schedule,
    coupons: [rate],
    dayCounter: c.dayCounter,
    paymentConvention: c.paymentConvention,
    paymentCalendar: c.paymentCalendar,
    paymentLag: amort?.paymentLag ?? 0,
    redemptions: amort ? amort.redemptions : [redemption],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c)
  });
}
function rebuildZeroCouponBond(terms) {
  const c = commonTerms(terms);
  const redemption = terms.redemption_pct === void 0 ? 100 : field(terms, "redemption_pct", (v) => isNumber(v) && v >= 0, "a non-negative number");
  return zeroCouponBond({ settlementDays: c.settlementDays, calendar: c.calendar, faceAmount: c.face, maturityDate: c.maturity, paymentConvention: c.paymentConvention, redemption, issueDate: c.issue });
}
function floatingLegTerms(type, terms, index) {
  const c = commonTerms(terms);
  const schedule = bondSchedule(terms, c);
  const amort = type === "AmortizingFloatingRateBond" ? amortization(terms, schedule, c.face) : null;
  const spread = field(terms, "spread", isNumber, "a number");
  const fixingDays = optional(terms, "fixing_days");
  return {
    c,
    amort,
    leg: {
      schedule,
      index,
      paymentCalendar: c.paymentCalendar,
      paymentConvention: c.paymentConvention,
      paymentLag: amort?.paymentLag ?? 0,
      fixingDays: fixingDays === void 0 ? null : Number(fixingDays),
      gearings: numbers(terms, "gearings") ?? [1],
      spreads: numbers(terms, "spreads") ?? [spread],
      caps: numbers(terms, "caps") ?? [],
      floors: numbers(terms, "floors") ?? [],
      inArrears: terms.in_arrears === true
    }
  };
}
function planFloatingRateBond(type, terms, index) {
  const { c, amort, leg } = floatingLegTerms(type, terms, index);
  const redemption = terms.redemption === void 0 ? 100 : field(terms, "redemption", (v) => isNumber(v) && v >= 0, "a non-negative number");
  return floatingRateBondPlan({
    ...leg,
    settlementDays: c.settlementDays,
    notionals: amort ? amort.notionals : [c.face],
    paymentDayCounter: c.dayCounter,
    redemptions: amort ? amort.redemptions : [redemption],
    issueDate: c.issue,
    exCoupon: exCoupon(terms, c)
  });
}

// workers/operations/valuation.ts
var instrumentBytes = (i) => 2048 + 256 * i.bond.cashflows.length + 192 * (i.floating?.plan.leg.length ?? 0);
function taskTerms(task) {
  if (typeof task.terms === "string") task.terms = JSON.parse(task.terms);
  return task.terms;
}
var instruments = new BoundedCache(512, instrumentBytes);
function instrument(task, withProjection = true) {
  const key = withProjection ? task.instrument_key : void 0;
  if (key === void 0) return rebuild(task, withProjection);
  const cached = task.guest ? instruments.get(key) ?? rebuild(task, withProjection) : instruments.getOrSet(key, () => rebuild(task, withProjection));
  if (cached.floating) return cached;
  const evaluationDate = fromIso(task.valuation_date, "valuation_date");
  return cached.evaluationDate === evaluationDate ? cached : { ...cached, evaluationDate };
}
function rebuild(task, withProjection) {
  const evaluationDate = fromIso(task.valuation_date, "valuation_date");
  const terms = taskTerms(task);
  const type = task.instrument_type;
  if (isFloatingType(type)) {
    const index = floatingIndex(task, String(terms.floating_rate_index_uid), withProjection);
    const plan = planFloatingRateBond(type, terms, index);
    return { bond: floatingRateBondFrom(plan, index, evaluationDate), evaluationDate, terms, type, floating: { plan, index } };
  }
  let bond;
  if (type === "ZeroCouponBond") bond = rebuildZeroCouponBond(terms);
  else if (type === "FixedRateBond" || type === "AmortizingFixedRateBond" || type === "CallableFixedRateBond") bond = rebuildFixedRateBond(type, terms);
  else throw new QuantInputError(`instrument type '${type}' is not registered for the fixed income pricer`, "instrument_type");
  return { bond, evaluationDate, terms, type };
}

// .adhoc/rebuild.ts
import { performance } from "node:perf_hooks";
var sql = postgres("postgres://postgres@127.0.0.1:5432/fixed_income_scale", { max: 4 });
var N = Number(process.argv[2] ?? 12e3);
var uids = (await sql`select a.uid::text as uid from asset_pricing_details d join assets a on a.uid=d.asset_uid where d.source='scale' and (${process.env.TYPE ?? ""} = '' or d.instrument_type = ${process.env.TYPE ?? ""}) order by md5(a.uid::text) limit ${N}`).map((r) => r.uid);
var valuation = "2026-11-20T00:00:00Z";
var tasks = [];
for (let i = 0; i < uids.length; i += 1e3) {
  const qs = uids.slice(i, i + 1e3).map((assetUid) => ({ assetUid, marketDataSet: "default", valuation, side: "mid", benchmarkRole: "z_spread_base", benchmarkSide: "mid" }));
  const ctxs = await loadPricingContexts(sql, qs);
  ctxs.forEach((ctx) => {
    const md = resolveMarketData(ctx, { operation: "price", parameters: {}, marketDataSet: "default", side: "mid", benchmarkRole: "z_spread_base", benchmarkSide: "mid", valuation });
    tasks.push(buildTask("price", ctx, md, valuation.slice(0, 10), {}));
  });
}
await sql.end();
instruments.resize(1);
var best = /* @__PURE__ */ new Map();
for (let round = 0; round < Number(process.env.ROUNDS ?? 4); round++) {
  const by = /* @__PURE__ */ new Map();
  for (const t of tasks) {
    const c = structuredClone(t);
    const t0 = performance.now();
    instrument(c);
    const dt = performance.now() - t0;
    const e = by.get(t.instrument_type) ?? [0, 0];
    e[0]++;
    e[1] += dt;
    by.set(t.instrument_type, e);
  }
  for (const [k, [n, s]] of by) best.set(k, Math.min(best.get(k) ?? Infinity, s * 1e3 / n));
}
console.log("best: " + [...best].map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", "));
