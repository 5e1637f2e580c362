/**
 * The parts of undici the client uses, required one by one: undici's root entry evaluates every
 * dispatcher, the mocks, fetch, WebSocket and the cache (about 520 KiB bundled, against about 310 KiB
 * for these). The API is the two methods of undici's own index's Dispatcher.prototype the client
 * uses: request, and connect, which ProxyAgent tunnels with (not stream, pipeline or upgrade). Pool
 * and buildConnector are what Agent and ProxyAgent require themselves: naming them costs no bytes.
 */
import type { Agent as AgentType, buildConnector as BuildConnectorType, Dispatcher as DispatcherType, Pool as PoolType, ProxyAgent as ProxyAgentType } from 'undici';
import AgentModule = require('undici/lib/dispatcher/agent');
import ProxyAgentModule = require('undici/lib/dispatcher/proxy-agent');
import DispatcherModule = require('undici/lib/dispatcher/dispatcher');
import PoolModule = require('undici/lib/dispatcher/pool');
import buildConnectorModule = require('undici/lib/core/connect');
import request = require('undici/lib/api/api-request');
import connect = require('undici/lib/api/api-connect');

Object.assign(DispatcherModule.prototype, { request, connect });

export const Agent: typeof AgentType = AgentModule;
export const ProxyAgent: typeof ProxyAgentType = ProxyAgentModule;
export const Pool: typeof PoolType = PoolModule;
export const buildConnector: typeof BuildConnectorType = buildConnectorModule;
export type Dispatcher = DispatcherType;
