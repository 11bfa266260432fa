export * from './dnssec-disable.machine';
