export * from './toast.machine';
