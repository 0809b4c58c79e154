import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { profileGateRoute } from '@portal/shared/profile-gate';
import { profileFieldsSchema, type ProfileFields, type ReferenceLists } from '@portal/shared/schemas/profile';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useReferenceLists } from '@/lib/reference-lists';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useStudentInfoRefresh } from '@/lib/student-info';
import { AddressFields } from '@/features/profile/components/address-fields';
import { PersonalFields } from '@/features/profile/components/personal-fields';
import { PhotoPicker } from '@/features/profile/components/photo-picker';
import { ProfileSummary } from '@/features/profile/components/profile-summary';
import { ProfileSubmit } from '@/features/profile/components/profile-submit';
import { useProfilePhoto } from '@/features/profile/hooks/use-profile-photo';
import { useProfileSending, type ProfilePhoto } from '@/features/profile/hooks/use-profile-sending';
import { useT } from '@/features/profile/i18n';
import { prefill, readIsEditing } from '@/features/profile/utils/profile-values';
import '@/features/profile/components/profile.css';

/** /profile: the personal information form of spec sections 2 and 5, first completion or editing. */
export function ProfileRoute() {
  const t = useT();
  const tm = useMessageText();
  const { student } = useSession();
  const location = useLocation();
  // Decided on arrival: once this form completes the profile, it leaves for /doc-upload itself.
  const [arrivedComplete] = useState(() => student?.isProfileComplete ?? false);
  if (!student) return null; // RequireSession renders this route only with a session
  const isEditing = readIsEditing(location.state as unknown) && arrivedComplete;

  // Complete: the student's own information, read-only (Profile › Info). Until the documents are in, the
  // onboarding goes on at /doc-upload as the profile gate says.
  if (!isEditing && arrivedComplete) {
    const gate = profileGateRoute(student);
    return gate === '/doc-upload' ? <Navigate to={gate} replace /> : <ProfileSummary student={student} />;
  }
  if (isEditing && !student.canEditProfile) {
    return (
      <Card title={t('title')}>
        <Alert tone="info">{tm(messages.profileEditDisabled, 'profileEditDisabled')}</Alert>
        <p>
          <Link to="/courses">{t('backToCourses')}</Link>
        </p>
      </Card>
    );
  }
  return <ProfileScreen student={student} isEditing={isEditing} />;
}

/** The form once the reference lists (qualifications, provinces and cities) are in. */
function ProfileScreen({ student, isEditing }: { student: SessionStudent; isEditing: boolean }) {
  useStudentInfoRefresh();
  const t = useT();
  const tm = useMessageText();
  const lists = useReferenceLists();
  const intro = isEditing ? t('introEditing') : t('introNew');

  return (
    <Card title={t('title')} intro={intro} size="wide">
      {lists.isPending ? (
        <Skeleton lines={8} block label={t('loading')} />
      ) : lists.isError ? (
        <QueryFailure query={lists} networkMessage={tm(messages.genericFailure, 'genericFailure')} />
      ) : (
        <ProfileForm student={student} isEditing={isEditing} lists={lists.data} />
      )}
    </Card>
  );
}

interface ProfileFormProps {
  student: SessionStudent;
  isEditing: boolean;
  lists: ReferenceLists;
}

function ProfileForm({ student, isEditing, lists }: ProfileFormProps) {
  const t = useT();
  const photo = useProfilePhoto({ required: !isEditing });
  const photoInput = useRef<HTMLInputElement>(null);
  const { form, defaults } = useProfileFields(student);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = form;
  const sending = useProfileSending({
    studentId: student._id,
    isEditing,
    photo,
    focusPhoto: () => photoInput.current?.focus(),
    setError,
  });
  const [changed, setChanged] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    void handleSubmit(sending.send, () => {
      photo.blocksSubmit();
    })(event);
  }

  return (
    <form className="profile-form" noValidate onChange={() => setChanged(true)} onSubmit={submit}>
      <ProfilePhotoSection photo={photo} onFile={isEditing ? student.imageUrl : null} inputRef={photoInput} />
      <PersonalFields
        register={register}
        errors={errors}
        defaults={defaults}
        qualifications={lists.qualifications}
        isEditing={isEditing}
      />
      <AddressFields
        register={register}
        control={control}
        setValue={setValue}
        errors={errors}
        defaults={defaults}
        provinces={lists.provinces}
      />
      <label className="profile-form__check">
        <input type="checkbox" {...register('haveLaptop')} /> {t('laptop')}
      </label>
      <p className="profile-form__declaration">{t('declaration')}</p>
      <ProfileSubmit
        student={student}
        isEditing={isEditing}
        changed={changed}
        captchaRound={sending.captchaRound}
        captcha={sending.captcha}
        onSolved={sending.onSolved}
        sending={sending.sending}
        progress={sending.progress}
        failure={sending.failure}
        preparingPhoto={photo.preparing}
      />
    </form>
  );
}

/** The form's fields, prefilled from the student and checked as the student leaves each one. */
function useProfileFields(student: SessionStudent) {
  const [schema] = useState(() => profileFieldsSchema());
  const [defaults] = useState(() => prefill(student));
  const form = useForm<ProfileFields, unknown, ProfileFields>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    // A long form: each field says what is wrong when the student leaves it, not only at the end.
    mode: 'onTouched',
  });
  return { form, defaults };
}

interface ProfilePhotoSectionProps {
  photo: ProfilePhoto;
  /** The photo on file, shown until a new one is chosen (editing); null on a first completion. */
  onFile: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The photo's part of the form: its picker with the preview. */
function ProfilePhotoSection({ photo, onFile, inputRef }: ProfilePhotoSectionProps) {
  const t = useT();
  return (
    <fieldset className="profile-form__section">
      <legend className="profile-form__legend">{t('photo.legend')}</legend>
      <PhotoPicker
        previewUrl={photo.previewUrl ?? onFile}
        isNew={photo.file !== null}
        preparing={photo.preparing}
        error={photo.error}
        inputRef={inputRef}
        onChoose={(file) => void photo.choose(file)}
      />
    </fieldset>
  );
}
