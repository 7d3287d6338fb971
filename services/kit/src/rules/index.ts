export * from './constants';
export * from './errors';
export * from './validation';
export * from './routes';
export * from './ids';
export * from './caller';
export * from './money';
export * from './postcodes';
