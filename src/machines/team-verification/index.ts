export * from './team-verification.machine';
