/**
 * The join form's pictures: checked, shrunk, uploaded one by one with progress, previewed from
 * local object URLs (revoked when removed or when the form goes away).
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../api/misc';
import { whileBusy } from '../../lib/busy/busy';
import { errorMessage } from '../../session/error-messages';
import { imageProblem, MAX_IMAGES } from './image-rules';
import { prepareImage } from './prepare-image';

export interface PickedImage {
  key: string;
  name: string;
  preview: string;
  /** 0–1 while uploading. */
  progress: number;
  state: 'uploading' | 'done' | 'error';
  uploadId?: string;
  error?: string;
}

export function useImageUploads() {
  const { t } = useLingui();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const live = urls.current;
    return () => {
      for (const url of live) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (key: string, change: Partial<PickedImage>) =>
    setImages((list) => list.map((img) => (img.key === key ? { ...img, ...change } : img)));

  const upload = async (key: string, file: File) => {
    // Reading and uploading fail for different reasons, told apart by the step, not by the error's
    // shape: a file that is not really an image makes the browser's decoder throw a DOMException,
    // which has a numeric `code` like the API's errors and used to be shown as "Network error".
    let prepared: Blob;
    try {
      prepared = await prepareImage(file);
    } catch {
      patch(key, { state: 'error', error: t`This image could not be read.` });
      return;
    }
    try {
      const data = await whileBusy(() =>
        uploadFile(prepared, {
          onProgress: ({ loaded, total }) => patch(key, { progress: total > 0 ? loaded / total : 0 }),
        }),
      );
      patch(key, { state: 'done', progress: 1, uploadId: data.id });
    } catch (error) {
      patch(key, { state: 'error', error: errorMessage(error) });
    }
  };

  const add = (files: FileList | File[]) => {
    setProblem(null);
    const room = MAX_IMAGES - images.length;
    const list = [...files];
    if (list.length > room)
      setProblem(plural(MAX_IMAGES, { one: 'You can add up to # image.', other: 'You can add up to # images.' }));
    for (const file of list.slice(0, Math.max(0, room))) {
      const bad = imageProblem(file);
      if (bad) {
        setProblem(bad === 'type' ? t`Please choose a JPEG, PNG or WebP image.` : t`The image is too large (at most 20 MB).`);
        continue;
      }
      const key = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      urls.current.add(preview);
      setImages((l) => [...l, { key, name: file.name, preview, progress: 0, state: 'uploading' }]);
      void upload(key, file);
    }
  };

  const remove = (key: string) => {
    setImages((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        urls.current.delete(gone.preview);
      }
      return list.filter((i) => i.key !== key);
    });
  };

  const uploadIds = images.flatMap((i) => (i.state === 'done' && i.uploadId ? [i.uploadId] : []));
  const busy = images.some((i) => i.state === 'uploading');
  return { images, add, remove, problem, uploadIds, busy };
}
