/** fetch through HTTPS_PROXY in a Node program started through the tap (required by tapNodePreload.js). */
import { EnvHttpProxyAgent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new EnvHttpProxyAgent());
