export * from './constants';
export * from './errors';
export * from './validation';
export * from './catalog';
export * from './routes';
export * from './ids';
