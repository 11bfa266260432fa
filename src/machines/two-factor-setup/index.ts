export * from './two-factor-setup.machine';
