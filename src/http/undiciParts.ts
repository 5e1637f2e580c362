/**
 * The parts of undici the client uses, required one by one: undici's root entry evaluates every
 * dispatcher, the mocks, fetch, WebSocket and the cache (about 520 KiB bundled, against about 310 KiB
 * for these). The API (request, and connect, which ProxyAgent tunnels with) is what undici's own
 * index puts on Dispatcher.prototype.
 */
import type { Agent as AgentType, Dispatcher as DispatcherType, ProxyAgent as ProxyAgentType } from 'undici';
import AgentModule = require('undici/lib/dispatcher/agent');
import ProxyAgentModule = require('undici/lib/dispatcher/proxy-agent');
import DispatcherModule = require('undici/lib/dispatcher/dispatcher');
import api = require('undici/lib/api');

Object.assign(DispatcherModule.prototype, api);

export const Agent: typeof AgentType = AgentModule;
export const ProxyAgent: typeof ProxyAgentType = ProxyAgentModule;
export type Dispatcher = DispatcherType;
