import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { profileGateRoute } from '@portal/shared/profile-gate';
import { profileFieldsSchema, type ProfileFields, type ReferenceLists } from '@portal/shared/schemas/profile';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useReferenceLists } from '@/lib/reference-lists';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { storeStudent, useStudentInfoRefresh } from '@/lib/student-info';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { AddressFields } from '@/features/profile/components/address-fields';
import { PersonalFields } from '@/features/profile/components/personal-fields';
import { PhotoPicker } from '@/features/profile/components/photo-picker';
import { ProfileSubmit } from '@/features/profile/components/profile-submit';
import { useProfilePhoto } from '@/features/profile/hooks/use-profile-photo';
import { useT } from '@/features/profile/i18n';
import { isProfileField, prefill, readIsEditing } from '@/features/profile/utils/profile-values';
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

  if (!isEditing && arrivedComplete) return <Navigate to={profileGateRoute(student)} replace />;
  if (isEditing && !student.canEditProfile) {
    return (
      <Card title={t('title')}>
        <Alert tone="info">{tm(messages.profileEditDisabled)}</Alert>
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
        <FailurePanel
          error={lists.error}
          networkMessage={tm(messages.genericFailure)}
          retrying={lists.isFetching}
          onRetry={() => void lists.refetch()}
        />
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const photo = useProfilePhoto({ required: !isEditing });
  const [schema] = useState(() => profileFieldsSchema());
  const [defaults] = useState(() => prefill(student));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ProfileFields, unknown, ProfileFields>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    // A long form: each field says what is wrong when the student leaves it, not only at the end.
    mode: 'onTouched',
  });
  const [changed, setChanged] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [progress, setProgress] = useState(0);
  const photoInput = useRef<HTMLInputElement>(null);

  function showRefusal(error: Error) {
    if (!(error instanceof ApiError)) return;
    Object.entries(error.errors).forEach(([field, message]) => {
      if (isProfileField(field)) setError(field, { message }, { shouldFocus: true });
    });
    const photoMessage =
      error.errors.image ?? (error.status === 413 || error.status === 415 ? error.message : null);
    if (photoMessage) photo.refuse(photoMessage);
  }

  function send(fields: ProfileFields) {
    if (photo.blocksSubmit()) {
      photoInput.current?.focus();
      return;
    }
    if (!captcha) return;
    setProgress(0);
    update.mutate(
      { studentId: student._id, fields, isEditing, image: photo.file, captcha, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          void storeStudent(queryClient, answer.data).then(() => navigate('/doc-upload'));
        },
        onError: (error) => {
          // A captcha solution is spent by the attempt: another one is needed for the next.
          setCaptcha(null);
          setCaptchaRound((round) => round + 1);
          showRefusal(error);
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    void handleSubmit(send, () => {
      photo.blocksSubmit();
    })(event);
  }

  return (
    <form className="profile-form" noValidate onChange={() => setChanged(true)} onSubmit={submit}>
      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">{t('photo.legend')}</legend>
        <PhotoPicker
          previewUrl={photo.previewUrl ?? (isEditing ? student.imageUrl : null)}
          isNew={photo.file !== null}
          preparing={photo.preparing}
          error={photo.error}
          inputRef={photoInput}
          onChoose={(file) => void photo.choose(file)}
        />
      </fieldset>
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
        captchaRound={captchaRound}
        captcha={captcha}
        onSolved={setCaptcha}
        sending={update.isPending}
        progress={progress}
        failure={update.isError ? update.error : null}
        preparingPhoto={photo.preparing}
      />
    </form>
  );
}
