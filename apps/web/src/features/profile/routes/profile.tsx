import { zodResolver } from '@hookform/resolvers/zod';
import { ADDRESS_MAX } from '@portal/shared/constants/profile';
import { messages } from '@portal/shared/messages';
import { profileGateRoute } from '@portal/shared/profile-gate';
import { profileFieldsSchema, type ProfileFields, type ReferenceLists } from '@portal/shared/schemas/profile';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useObjectUrls } from '../../../lib/object-urls';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useSession } from '../../../lib/session';
import { storeStudent, useStudentInfoRefresh } from '../../../lib/student-info';
import { useUpdateProfile } from '../api/update-profile';
import { CaptchaCheck } from '../components/captcha-check';
import { PhotoPicker } from '../components/photo-picker';
import { preparePhoto } from '../utils/prepare-photo';
import '../components/profile.css';

/** The schema only trims: what the inputs hold has the type of what it gives. */
type FormValues = ProfileFields;

const fieldNames: ReadonlyArray<keyof ProfileFields> = [
  'fullName',
  'fatherName',
  'homeAddress',
  'dob',
  'gender',
  'lastQualification',
  'province',
  'city',
  'phoneNumber',
  'haveLaptop',
];

function isProfileField(name: string): name is keyof ProfileFields {
  return (fieldNames as readonly string[]).includes(name);
}

/** Navigation state `{ isEditing: true }` (the drawer's Edit Profile) opens the form to edit. */
function readIsEditing(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'isEditing' in state && state.isEditing === true;
}

function prefill(student: SessionStudent): DefaultValues<FormValues> {
  return {
    fullName: student.fullName ?? '',
    fatherName: student.fatherName ?? '',
    homeAddress: student.homeAddress ?? '',
    dob: student.dob?.slice(0, 10) ?? '',
    gender: student.gender ?? undefined,
    lastQualification: student.lastQualification ?? '',
    province: student.province ?? '',
    city: student.city ?? '',
    phoneNumber: student.phoneNumber ?? '',
    haveLaptop: student.haveLaptop ?? false,
  };
}

function today(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** /profile: the personal information form of spec sections 2 and 5, first completion or editing. */
export function ProfileRoute() {
  const { student } = useSession();
  const location = useLocation();
  // Decided on arrival: once this form completes the profile, it leaves for /doc-upload itself.
  const [arrivedComplete] = useState(() => student?.isProfileComplete ?? false);
  if (!student) return null; // RequireSession renders this route only with a session
  const isEditing = readIsEditing(location.state as unknown) && arrivedComplete;

  if (!isEditing && arrivedComplete) return <Navigate to={profileGateRoute(student)} replace />;
  if (isEditing && !student.canEditProfile) {
    return (
      <Card title="Profile">
        <Alert tone="info">{messages.profileEditDisabled}</Alert>
        <p>
          <Link to="/courses">Back to my courses</Link>
        </p>
      </Card>
    );
  }
  return <ProfileScreen student={student} isEditing={isEditing} />;
}

function ProfileScreen({ student, isEditing }: { student: SessionStudent; isEditing: boolean }) {
  useStudentInfoRefresh();
  const lists = useReferenceLists();
  const title = 'Profile';
  const intro = isEditing
    ? 'Update your personal information. Your phone number cannot be changed.'
    : 'Complete your personal information to apply to the programme.';

  if (lists.isPending) {
    return (
      <Card title={title} intro={intro} size="wide">
        <div className="page-spinner">
          <Spinner size="large" label="Loading" />
        </div>
      </Card>
    );
  }
  if (lists.isError) {
    return (
      <Card title={title} intro={intro} size="wide">
        <Alert tone="error">{failureMessage(lists.error, { network: messages.genericFailure })}</Alert>
        <Button variant="secondary" onClick={() => void lists.refetch()}>
          Retry
        </Button>
      </Card>
    );
  }
  return (
    <Card title={title} intro={intro} size="wide">
      <ProfileForm student={student} isEditing={isEditing} lists={lists.data} />
    </Card>
  );
}

type Photo =
  | { status: 'none' }
  | { status: 'preparing' }
  | { status: 'ready'; file: File; previewUrl: string }
  | { status: 'invalid'; message: string };

interface ProfileFormProps {
  student: SessionStudent;
  isEditing: boolean;
  lists: ReferenceLists;
}

function ProfileForm({ student, isEditing, lists }: ProfileFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const objectUrls = useObjectUrls();
  const [schema] = useState(() => profileFieldsSchema());
  const [defaults] = useState(() => prefill(student));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, ProfileFields>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    // A long form: each field says what is wrong when the student leaves it, not only at the end.
    mode: 'onTouched',
  });

  const [changed, setChanged] = useState(false);
  const [photo, setPhoto] = useState<Photo>({ status: 'none' });
  const [photoRequired, setPhotoRequired] = useState(false);
  const [serverPhotoError, setServerPhotoError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [progress, setProgress] = useState(0);
  const photoInput = useRef<HTMLInputElement>(null);
  const photoRequest = useRef(0);
  const genderErrorId = useId();
  const updateHintId = useId();

  const province = useWatch({ control, name: 'province' });
  const cities = lists.provinces.find((entry) => entry.value === province)?.cities ?? [];

  async function choosePhoto(file: File | null) {
    const request = ++photoRequest.current;
    setServerPhotoError(null);
    setPhotoRequired(false);
    if (photo.status === 'ready') objectUrls.revoke(photo.previewUrl);
    if (!file) {
      setPhoto({ status: 'none' });
      return;
    }
    setPhoto({ status: 'preparing' });
    const prepared = await preparePhoto(file);
    if (request !== photoRequest.current) return; // another file was chosen meanwhile
    setPhoto(
      prepared.ok
        ? { status: 'ready', file: prepared.file, previewUrl: objectUrls.create(prepared.file) }
        : { status: 'invalid', message: prepared.message },
    );
  }

  /** The photo rule of spec section 5: required on the first submit; a chosen photo must be valid. */
  function photoBlocksSubmit(): boolean {
    if (photo.status === 'preparing' || photo.status === 'invalid') return true;
    if (photo.status === 'none' && !isEditing) {
      setPhotoRequired(true);
      return true;
    }
    return false;
  }

  function restartCaptcha() {
    setCaptcha(null);
    setCaptchaRound((round) => round + 1);
  }

  function send(fields: ProfileFields) {
    if (photoBlocksSubmit()) {
      photoInput.current?.focus();
      return;
    }
    if (!captcha) return;
    setProgress(0);
    update.mutate(
      {
        studentId: student._id,
        fields,
        isEditing,
        image: photo.status === 'ready' ? photo.file : null,
        captcha,
        onProgress: setProgress,
      },
      {
        onSuccess: (answer) => {
          void storeStudent(queryClient, answer.data).then(() => navigate('/doc-upload'));
        },
        onError: (error) => {
          // A captcha solution is spent by the attempt: another one is needed for the next.
          restartCaptcha();
          if (!(error instanceof ApiError)) return;
          Object.entries(error.errors).forEach(([field, message]) => {
            if (isProfileField(field)) setError(field, { message }, { shouldFocus: true });
          });
          const photoMessage =
            error.errors.image ?? (error.status === 413 || error.status === 415 ? error.message : null);
          if (photoMessage) setServerPhotoError(photoMessage);
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    void handleSubmit(send, () => {
      photoBlocksSubmit();
    })(event);
  }

  const photoError =
    photo.status === 'invalid'
      ? photo.message
      : photoRequired
        ? messages.imageRequired
        : (serverPhotoError ?? undefined);
  const previewUrl = photo.status === 'ready' ? photo.previewUrl : isEditing ? student.imageUrl : null;

  return (
    <form className="profile-form" noValidate onChange={() => setChanged(true)} onSubmit={submit}>
      <fieldset className="profile-form__section">
        <legend className="profile-form__legend">Photo</legend>
        <PhotoPicker
          previewUrl={previewUrl}
          isNew={photo.status === 'ready'}
          preparing={photo.status === 'preparing'}
          error={photoError}
          inputRef={photoInput}
          onChoose={(file) => void choosePhoto(file)}
        />
      </fieldset>

      <fieldset className="profile-form__section profile-form__grid">
        <legend className="profile-form__legend">Personal information</legend>
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Father name"
          autoComplete="off"
          error={errors.fatherName?.message}
          {...register('fatherName')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={today()}
          error={errors.dob?.message}
          {...register('dob')}
        />
        <fieldset
          className="profile-form__choices"
          aria-describedby={errors.gender ? genderErrorId : undefined}
        >
          <legend className="field__label">Gender</legend>
          <div className="profile-form__options">
            <label className="profile-form__option">
              <input type="radio" value="male" {...register('gender')} /> Male
            </label>
            <label className="profile-form__option">
              <input type="radio" value="female" {...register('gender')} /> Female
            </label>
          </div>
          {errors.gender ? (
            <p id={genderErrorId} className="field__error" role="alert">
              {errors.gender.message}
            </p>
          ) : null}
        </fieldset>
        <Select
          label="Last qualification"
          placeholder="Please Select Qualification"
          options={lists.qualifications.map((qualification) => ({
            value: qualification,
            label: qualification,
          }))}
          error={errors.lastQualification?.message}
          // React selects the option itself; react-hook-form's late assignment is not relied on.
          defaultValue={defaults.lastQualification}
          {...register('lastQualification')}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          // Editing keeps the number on file: a disabled input still submits its default value here.
          disabled={isEditing}
          hint={isEditing ? 'Your phone number cannot be changed.' : 'Digits only, e.g. 03001234567.'}
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
      </fieldset>

      <fieldset className="profile-form__section profile-form__grid">
        <legend className="profile-form__legend">Address</legend>
        <TextField
          label="Home address"
          className="profile-form__wide"
          autoComplete="street-address"
          maxLength={ADDRESS_MAX}
          error={errors.homeAddress?.message}
          {...register('homeAddress')}
        />
        <Select
          label="Province"
          placeholder="Please Select Province"
          options={lists.provinces}
          error={errors.province?.message}
          defaultValue={defaults.province}
          {...register('province', {
            // The cities are the chosen province's: another province empties the choice.
            onChange: () => setValue('city', ''),
          })}
        />
        <Select
          label="City"
          placeholder={province ? 'Please Select City' : 'Select a province first'}
          options={cities.map((city) => ({ value: city, label: city }))}
          disabled={!province}
          error={errors.city?.message}
          defaultValue={defaults.city}
          {...register('city')}
        />
      </fieldset>

      <label className="profile-form__check">
        <input type="checkbox" {...register('haveLaptop')} /> I have a laptop
      </label>

      <p className="profile-form__declaration">
        By updating my profile I declare that the information and photo I give are true and my own. A profile
        with false information is cancelled.
      </p>

      {changed ? <CaptchaCheck key={captchaRound} onSolved={setCaptcha} /> : null}

      {update.isPending ? <ProgressBar label="Uploading your profile" value={progress} /> : null}
      {update.isError ? (
        <Alert tone="error">
          {failureMessage(update.error, {
            network: messages.profileUpdateFailure,
            fallback: messages.profileUpdateFailure,
          })}
        </Alert>
      ) : null}

      <div className="profile-form__actions">
        {isEditing ? (
          <Link
            to="/doc-upload"
            state={{ isEditing: true, studentDocuments: student.documents }}
            className="button button--secondary"
          >
            Update documents
          </Link>
        ) : null}
        <Button
          type="submit"
          disabled={!captcha}
          loading={update.isPending || photo.status === 'preparing'}
          aria-describedby={captcha ? undefined : updateHintId}
        >
          Update
        </Button>
      </div>
      {captcha ? null : (
        <p id={updateHintId} className="profile-form__hint">
          {changed ? 'Complete the check above to enable Update.' : 'Change your details to enable Update.'}
        </p>
      )}
    </form>
  );
}
