import { useState } from 'react';
import { topicEditSchema } from '@portal/shared/schemas/staff-content';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/console/i18n';
import { VideoUpload } from '@/console/features/content/components/video-upload';

type VideoSource = 'upload' | 'address';

/**
 * A new topic's video, chosen beside its fields (the schema holds one field a kind, not this choice):
 * uploaded (its id once the upload ends) or at an address, checked by the shared topic's rule when the topic
 * is added. `clear` empties both (and the upload) once added.
 */
export function useTopicVideo() {
  const t = useT();
  const [source, setSource] = useState<VideoSource>('upload');
  const [videoId, setVideoId] = useState<string | null>(null);
  const [videoURL, setVideoURL] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const [uploadKey, setUploadKey] = useState(0);
  const missing = source === 'upload' ? videoId === null : videoURL.trim() === '';
  /** Why the topic cannot be added yet, said beside its button (which waits), or null. */
  const waiting = missing
    ? t(source === 'upload' ? 'content.lessons.uploadFirst' : 'content.lessons.giveAddress')
    : null;
  /** The body's video, or null (and the address's message shown) when the address is not one. */
  function chosen() {
    if (source === 'upload') return videoId === null ? null : { videoId };
    const checked = topicEditSchema.shape.videoURL.safeParse(videoURL);
    setAddressError(checked.error?.issues[0]?.message);
    return checked.success ? { videoURL } : null;
  }
  function type(address: string) {
    setVideoURL(address);
    setAddressError(undefined);
  }
  function clear() {
    setVideoURL('');
    setVideoId(null);
    setUploadKey((n) => n + 1);
  }
  return { source, setSource, setVideoId, videoURL, type, addressError, uploadKey, waiting, chosen, clear };
}

/** The new topic's video source, then its upload or its address. */
export function TopicVideoFields(props: {
  lessonId: string;
  lessonTitle: string;
  video: ReturnType<typeof useTopicVideo>;
}) {
  const t = useT();
  const { video } = props;
  return (
    <>
      <VideoSourceChoice name={`source-${props.lessonId}`} source={video.source} onChoose={video.setSource} />
      {video.source === 'upload' ? (
        <VideoUpload
          key={video.uploadKey}
          label={`topic of ${props.lessonTitle}`}
          onUploaded={(uploaded) => video.setVideoId(uploaded._id)}
        />
      ) : (
        <TextField
          label={t('content.lessons.videoAddress')}
          hint={t('content.lessons.videoAddressHint')}
          error={video.addressError}
          value={video.videoURL}
          onChange={(event) => video.type(event.target.value)}
        />
      )}
    </>
  );
}

/** The new topic's video source: an uploaded video or a video at an address (radio buttons named `name`). */
function VideoSourceChoice({
  name,
  source,
  onChoose,
}: {
  name: string;
  source: VideoSource;
  onChoose: (source: VideoSource) => void;
}) {
  const t = useT();
  return (
    <fieldset className="console-row">
      <legend>{t('content.lessons.videoSource')}</legend>
      <label>
        <input type="radio" name={name} checked={source === 'upload'} onChange={() => onChoose('upload')} />{' '}
        {t('content.lessons.uploadedVideo')}
      </label>
      <label>
        <input type="radio" name={name} checked={source === 'address'} onChange={() => onChoose('address')} />{' '}
        {t('content.lessons.videoAtAddress')}
      </label>
    </fieldset>
  );
}
