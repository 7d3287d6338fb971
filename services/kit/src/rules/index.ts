export * from './constants';
export * from './errors';
export * from './validation';
export * from './catalog';
