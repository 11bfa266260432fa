export * from './passkey-add.machine';
