// Team images: the service (captures, uploads, renames, deletions), its routes, and the image directory.
import type { StorageMeter } from '../billing/storage-meters';
import type { Catalog } from '../catalog/catalog';
import type { ComputesForImages } from '../computes/team-images-port';
import type { Database } from '../db';
import type { Routes } from '../http/routes';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { DownloadLinks } from './download-links';
import { ImageFiles } from './image-files';
import { ImageService } from './image-service';
import { imageDownloadRoutes, imagesRoutes } from './images.routes';

export { ImageService } from './image-service';

export function createImageService(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  catalog: Catalog;
  computes: ComputesForImages;
  /** Billing's meter: an available image is charged per GB-month of its file until it is deleted. */
  meter: StorageMeter;
  /** Where the images' files live (DATA_DIR/images on a server). */
  directory: string;
}): ImageService {
  const { directory, ...deps } = options;
  return new ImageService({ ...deps, files: new ImageFiles(directory) });
}

export function imageResources(service: ImageService): Routes[] {
  const links = new DownloadLinks(service.db);
  return [imagesRoutes(service, links), imageDownloadRoutes(service, links)];
}
