export * from './common';
export * from './formProtocol';
export * from './responseProtocol';
