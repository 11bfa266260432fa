export * from './firewall-form.machine';
