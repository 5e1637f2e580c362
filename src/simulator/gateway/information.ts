import { jsonAnswer, type SimResponse } from '../types';

/**
 * Check Gateway (GET /api/rest/version/{v}/information, REST v59 reference page): `gatewayVersion`
 * ("the current version of the gateway platform", 5 to 32 ASCII characters) and `status`, both always
 * provided. The simulator is always OPERATING; its platform version names it, so an answer read later
 * says where it came from. The v15 NVP page lists `status` only; when `gatewayVersion` was added is not
 * published, so it is answered at every version.
 */
export const SIMULATOR_GATEWAY_VERSION = '100.0.0-simulator';

export function checkGateway(): SimResponse {
  return jsonAnswer(200, { gatewayVersion: SIMULATOR_GATEWAY_VERSION, status: 'OPERATING' });
}
