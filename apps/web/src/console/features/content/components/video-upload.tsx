import { useEffect, useRef, useState } from 'react';
import type { StaffVideo } from '@portal/shared/schemas/staff-content';
import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormat, useMessageText } from '@/lib/i18n';
import { t as translate, useT } from '@/console/i18n';
import { uploadVideo } from '@/console/features/content/api/upload-video';

/** 1536 → "1.5 KB"; sizes of videos, in binary units. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? translate('content.upload.bytes', { value }) : `${value.toFixed(1)} ${units[unit]}`;
}

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'done'; video: StaffVideo }
  | { kind: 'failed'; message: string };

/** The chosen file and its upload: `start` it (again after a failure), `cancel` it, or `choose` another file. */
function useVideoUpload(onUploaded: (video: StaffVideo) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  function start() {
    if (!file) return;
    setState({ kind: 'uploading', sent: 0, total: file.size });
    stop.current = uploadVideo(file, {
      onProgress: (sent, total) => setState({ kind: 'uploading', sent, total }),
      onDone: (video) => {
        setState({ kind: 'done', video });
        onUploaded(video);
      },
      onFailed: (message) => setState({ kind: 'failed', message }),
    });
  }

  function choose(chosen: File | null) {
    setFile(chosen);
    setState({ kind: 'idle' });
  }

  function cancel() {
    stop.current?.();
    setState({ kind: 'idle' });
  }

  return { file, state, start, choose, cancel };
}

/**
 * Chooses a video file and uploads it (tus, resumable) with a progress bar in percent and bytes; when the
 * server has checked it is a video, hands it to `onUploaded`. A refusal shows the server's reason.
 */
export function VideoUpload({
  label,
  onUploaded,
}: {
  label: string;
  onUploaded: (video: StaffVideo) => void;
}) {
  const t = useT();
  const tm = useMessageText();
  const { file, state, start, choose, cancel } = useVideoUpload(onUploaded);
  const inputId = `${label.replaceAll(/\W+/g, '-')}-video`;

  return (
    <div className="stack">
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t('content.upload.fileLabel')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <p className="field__hint">{t('content.upload.fileHint')}</p>
      </div>
      <div className="console-row">
        <Button
          variant="secondary"
          disabled={!file || state.kind === 'uploading'}
          loading={state.kind === 'uploading'}
          onClick={start}
        >
          {t('content.upload.start')}
        </Button>
        {state.kind === 'uploading' ? (
          <Button variant="link" onClick={cancel}>
            {t('content.upload.stop')}
          </Button>
        ) : null}
      </div>
      {state.kind === 'uploading' ? (
        <UploadProgress
          name={file?.name ?? t('content.upload.video')}
          sent={state.sent}
          total={state.total}
        />
      ) : null}
      {state.kind === 'done' ? (
        <Alert tone="success">
          {tm(messages.videoUploaded)}: {state.video.originalName} ({formatBytes(state.video.size)})
        </Alert>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert tone="error">
          {tm(state.message)}{' '}
          <Button variant="link" onClick={start}>
            {t('content.upload.retry')}
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}

/** The progress bar of the file `name` being uploaded, in percent and bytes. */
function UploadProgress({ name, sent, total }: { name: string; sent: number; total: number }) {
  const t = useT();
  const format = useFormat();
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const values = { percent: format.number(percent), sent: formatBytes(sent), total: formatBytes(total) };
  return (
    <div
      role="progressbar"
      aria-label={t('content.upload.uploading', { name })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('content.upload.progressValue', values)}
      className="video-upload__progress"
    >
      <div className="video-upload__bar" style={{ width: `${percent}%` }} />
      <span>{t('content.upload.progressShown', values)}</span>
    </div>
  );
}
