export * from './image-upload.machine';
