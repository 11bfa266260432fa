// Uploads with progress. fetch cannot report upload progress over HTTP/1.1, so large multipart bodies go
// through XMLHttpRequest; the answer is parsed with the contract and failures become ApiErrors like ky's.
import * as v from 'valibot';
import { problemSchema } from '@/contract/problem';
import { apiHost } from './config';
import { ApiError } from './http';
import { notifySessionEnded } from './session';
import { readStorage } from './storage';

export interface UploadOptions<S extends v.GenericSchema> {
  /** Full path from the API host, e.g. /user/api/v1/teams/…/verification. */
  path: string;
  /** A form, or a file sent as the body itself (an image: PUT, with its Content-Length). */
  body: FormData | Blob;
  method?: 'POST' | 'PUT';
  schema: S;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export function upload<S extends v.GenericSchema>(options: UploadOptions<S>): Promise<v.InferOutput<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', `${apiHost}${options.path}`);
    const token = readStorage('token');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onerror = () =>
      reject(
        new ApiError(0, {
          type: 'about:blank',
          status: 503,
          title: "Can't reach the server. Check your connection and try again.",
        }),
      );
    request.onabort = () =>
      reject(new ApiError(0, { type: 'about:blank', status: 499, title: 'The upload was cancelled.' }));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = v.safeParse(options.schema, body);
        if (parsed.success) resolve(parsed.output);
        else
          reject(
            new ApiError(0, {
              type: 'about:blank',
              status: 502,
              title: 'The server answered in a way this console does not understand. Reload the page.',
            }),
          );
        return;
      }
      if (request.status === 401 && token) notifySessionEnded();
      const problem = v.safeParse(problemSchema, body);
      reject(
        new ApiError(
          request.status,
          problem.success
            ? problem.output
            : {
                type: 'about:blank',
                status: request.status,
                title:
                  request.status === 413
                    ? 'That is too large to upload.'
                    : 'The upload did not go through. Try again.',
              },
        ),
      );
    };
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(options.body);
  });
}
