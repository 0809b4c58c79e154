import { DOCUMENT_MAX_BYTES } from '@portal/shared/constants/profile';
import { DOCUMENT_TYPES, type DocumentType } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { useState } from 'react';
import { readImageFile } from '@/lib/image-file';
import { useObjectUrls } from '@/lib/object-urls';
import type { DocumentFiles } from '@/features/documents/api/upload-documents';

interface Chosen {
  file: File;
  previewUrl: string;
}

type SlotErrors = Partial<Record<DocumentType, string>>;

/**
 * The pictures chosen for the three slots, with their previews and each slot's message. A file that is not
 * an image calls `onWrongFormat` (the spec's 'Incorrect Fornmat' dialog) and is not kept.
 */
export function useDocumentChoices({ onWrongFormat }: { onWrongFormat: () => void }) {
  const objectUrls = useObjectUrls();
  const [chosen, setChosen] = useState<Partial<Record<DocumentType, Chosen>>>({});
  const [slotErrors, setSlotErrors] = useState<SlotErrors>({});

  async function choose(type: DocumentType, file: File, input: HTMLInputElement) {
    setSlotErrors(({ [type]: _cleared, ...rest }) => rest);
    if (!(await readImageFile(file))) {
      input.value = ''; // the refused file is not kept, and choosing it again is noticed
      onWrongFormat();
      return;
    }
    if (file.size > DOCUMENT_MAX_BYTES) {
      input.value = '';
      setSlotErrors((errors) => ({ ...errors, [type]: messages.documentTooLarge }));
      return;
    }
    objectUrls.revoke(chosen[type]?.previewUrl);
    const previewUrl = objectUrls.create(file);
    setChosen((current) => ({ ...current, [type]: { file, previewUrl } }));
  }

  /** The server's messages per document, in place of the slots' own. */
  function showRefusal(errors: Record<string, string>) {
    const refused: SlotErrors = {};
    DOCUMENT_TYPES.forEach((type) => {
      if (errors[type]) refused[type] = errors[type];
    });
    setSlotErrors(refused);
  }

  function files(): DocumentFiles {
    const chosenFiles: DocumentFiles = {};
    DOCUMENT_TYPES.forEach((type) => {
      const entry = chosen[type];
      if (entry) chosenFiles[type] = entry.file;
    });
    return chosenFiles;
  }

  return { chosen, slotErrors, choose, showRefusal, files };
}
