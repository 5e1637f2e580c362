// undici ships types for its root entry only; these deep modules are the same classes (see src/http/undiciParts.ts).
declare module 'undici/lib/dispatcher/agent' {
  import { Agent } from 'undici';
  export = Agent;
}
declare module 'undici/lib/dispatcher/proxy-agent' {
  import { ProxyAgent } from 'undici';
  export = ProxyAgent;
}
declare module 'undici/lib/dispatcher/dispatcher' {
  import { Dispatcher } from 'undici';
  export = Dispatcher;
}
declare module 'undici/lib/api/api-request' {
  const request: unknown;
  export = request;
}
declare module 'undici/lib/api/api-connect' {
  const connect: unknown;
  export = connect;
}
declare module 'undici/lib/dispatcher/pool' {
  import { Pool } from 'undici';
  export = Pool;
}
declare module 'undici/lib/core/connect' {
  import { buildConnector } from 'undici';
  export = buildConnector;
}
