export * from './wire.ts';
export * from './contest-rules.ts';
export * from './payments.ts';
