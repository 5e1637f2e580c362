export { startTap, DEFAULT_MAX_CALLS, isLoopbackHost } from './server';
export { parseFaultRule, faultPlanFromJson, describeFaultRule, FaultRuleError, FAULT_KINDS, FAULT_MEANINGS } from './faults';
export { NOT_IN_CATALOGUE } from './analyse';
export { describeProxyNotice, describeTapCall, tapCallJson } from './describe';
export type { TapCall, TapHandle, TapOptions, TapUpstream, FaultRule, FaultKind, TapProblem, InterceptOptions, InterceptRoute, ProxyNotice } from './types';
