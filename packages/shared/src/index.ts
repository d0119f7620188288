export * from './wire.ts';
export * from './contest-rules.ts';
export * from './notifications.ts';
export * from './admin-articles.ts';
export * from './payments.ts';
export * from './entries.ts';
export * from './wall.ts';
export * from './admin.ts';
