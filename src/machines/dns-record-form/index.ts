export * from './dns-record-form.machine';
