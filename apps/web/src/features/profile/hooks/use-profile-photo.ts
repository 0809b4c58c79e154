import { messages } from '@portal/shared/messages';
import { useRef, useState } from 'react';
import { useObjectUrls } from '@/lib/object-urls';
import { preparePhoto } from '@/features/profile/utils/prepare-photo';

type Photo =
  | { status: 'none' }
  | { status: 'preparing' }
  | { status: 'ready'; file: File; previewUrl: string }
  | { status: 'invalid'; message: string };

/**
 * The photo of the profile form: the chosen file made into the square JPEG that is sent, its preview, and
 * the photo rule of spec section 5 (required on the first submit; a chosen photo must be valid).
 */
export function useProfilePhoto({ required }: { required: boolean }) {
  const objectUrls = useObjectUrls();
  const [photo, setPhoto] = useState<Photo>({ status: 'none' });
  const [missing, setMissing] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const request = useRef(0);

  async function choose(file: File | null) {
    const current = ++request.current;
    setServerError(null);
    setMissing(false);
    if (photo.status === 'ready') objectUrls.revoke(photo.previewUrl);
    if (!file) {
      setPhoto({ status: 'none' });
      return;
    }
    setPhoto({ status: 'preparing' });
    const prepared = await preparePhoto(file);
    if (current !== request.current) return; // another file was chosen meanwhile
    setPhoto(
      prepared.ok
        ? { status: 'ready', file: prepared.file, previewUrl: objectUrls.create(prepared.file) }
        : { status: 'invalid', message: prepared.message },
    );
  }

  /** Whether the photo stops a submit; a missing required photo says so. */
  function blocksSubmit(): boolean {
    if (photo.status === 'preparing' || photo.status === 'invalid') return true;
    if (photo.status === 'none' && required) {
      setMissing(true);
      return true;
    }
    return false;
  }

  const error =
    photo.status === 'invalid'
      ? photo.message
      : missing
        ? messages.imageRequired
        : (serverError ?? undefined);

  return {
    file: photo.status === 'ready' ? photo.file : null,
    previewUrl: photo.status === 'ready' ? photo.previewUrl : null,
    preparing: photo.status === 'preparing',
    error,
    choose,
    blocksSubmit,
    /** The server refused the photo (its size or type). */
    refuse: setServerError,
  };
}
