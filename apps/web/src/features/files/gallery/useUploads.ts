import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { translateError } from '../../../lib/messages';
import { GALLERY_KEY } from '../files.api';
import { uploadQueue, useLeaveWarning } from '../uploads';

/**
 * Uploads into the open folder: files go to the upload queue, refused ones are listed in full (spec §8: an
 * upload failure shows the error text), finished ones refresh whatever list is on screen, and leaving
 * the page during an upload asks first.
 */
export function useUploads(folderId: number) {
  const client = useQueryClient();
  const [refusals, setRefusals] = useState<string[]>([]);
  useLeaveWarning();
  useEffect(
    () => uploadQueue.onFinished(() => void client.invalidateQueries({ queryKey: GALLERY_KEY })),
    [client],
  );
  const addFiles = (files: File[]) => setRefusals(uploadQueue.add(files, folderId).map(translateError));
  return { refusals, clearRefusals: () => setRefusals([]), addFiles };
}
