export * from './wire.ts';
export * from './contest-rules.ts';
export * from './entries.ts';
