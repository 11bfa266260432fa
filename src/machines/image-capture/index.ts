export * from './image-capture.machine';
