/** `pricing_support` of an asset: one descriptor per registered operation, or supported false with a reason. */
import { TABULAR_FRAME_CONTRACT } from '../contracts/tabular-frame.ts'
import { PRICER_OPERATIONS, isSupportedInstrumentType, parameterList } from './operations.ts'
import type { OperationDescriptor } from './schemas.ts'

export const UNSUPPORTED_REASON = 'Instrument type is not registered for the fixed income pricer API.'

export function pricingSupport(assetUid: string, instrumentType: string) {
  if (!isSupportedInstrumentType(instrumentType)) {
    return { supported: false, instrument_type: instrumentType, operations: [], reason: UNSUPPORTED_REASON }
  }
  const operations: OperationDescriptor[] = PRICER_OPERATIONS.map((op) => ({
    key: op.key,
    label: op.label,
    method: 'POST',
    url: `/api/v1/pricing/assets/${assetUid}/${op.key}/`,
    requires_valuation_date: true,
    supports_market_data_set: true,
    requires_market_data_set: true,
    request_model: 'AssetPricingOperationRequest',
    response_model: op.responseModel,
    response_contract: 'provider-native-json',
    app_component: { output_root: op.outputRoot, flat_outputs: op.flatOutputs },
    parameters: parameterList(op.key),
    response_mappings: op.responseMappings,
    frame_url: op.frame ? `/api/v1/pricing/assets/${assetUid}/${op.key}/frame/` : null,
    frame_response_model: op.frame ? 'TabularFrameResponse' : null,
    frame_response_contract: op.frame ? TABULAR_FRAME_CONTRACT : null,
  }))
  return { supported: true, instrument_type: instrumentType, operations, reason: null }
}
