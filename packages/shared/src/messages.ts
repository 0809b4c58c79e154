/**
 * Every sentence a person can see, worded exactly as the spec words it (typos included where the spec
 * says "spelling as in the product"). Web and api both import from here so a message lives in one place.
 */
export const messages = {
  // Sign-in and account (spec section 8)
  loginInvalidInput: 'Please Provide Valid Informations',
  loginWrongCredentials: 'Invalid Email or Password',
  networkFailure: 'Something Went Wrong, Please Try Again!',
  verifyYourEmail: 'Please Verify Your Email',
  resendSuccess: 'Please check your email for verification link',
  resendNetworkFailure: 'Somethin went wrong please try again later',
  forgotFailure: 'Request Failed',
  forgotSuccess: 'Check out your email to change password',
  authExpired: 'Authentication Expired, Login Again',
  signupErr: 'Something went wrong',
  signupNetworkFailure: 'something went wrong',
  signupSuccess: 'Account Created',
  verifySuccess: 'Thank you! Your Email has been verified',
  verifyFailure:
    'Sorry, Unable to verify your email. Either your link has expired or you have provided incorrect link',
  resetNetworkFailure: 'Check your internet connection',
  resetSuccess: 'Password changed successfully',
  resetInvalidLink: 'Your reset link has expired or is incorrect. Please request a new one',
  changeSuccess: 'Password Changed Successfully',
  changeWrongOldPassword: 'Old password is incorrect',
  notFound: 'We are sorry! The page you are looking for is not found.',
  logoutSuccess: 'Logged out successfully',
  genericFailure: 'Something went wrong please try again later',

  // Sign-up error codes (API.md)
  cnicTaken: 'This CNIC is already registered',
  emailUnverified: 'This email is already registered but not verified. Please verify your email',
  emailTaken: 'This email is already registered',
  invalidInput: 'Invalid input',
  commonPassword: 'This password is too common. Please choose a stronger password',
  alreadyVerified: 'Your email is already verified. Please login',

  // Validation (spec section 5)
  cnicLength: 'CNIC # should contain only 13 digits.',
  cnicNumbersOnly: 'CNIC Should Have Numbers Only.',
  cnicNoSpecial: "No Space Hyphens '-' Or Any Special Character.",
  cnicFormat: 'Invalid CNIC Format',
  passwordRequired: ' Please enter a password .',
  passwordShort: ' Password should be greater than 8 .',
  emailInvalid: ' Please enter a valid email address. ',
  fillAllFields: 'Please fill all input fileds',
  passwordMismatch: 'Password not matched!',
  passwordLength: 'Password length should be greater then 7',

  // Profile and documents (spec sections 5 and 8)
  fullNameShort: 'Please Specify Your Full Name .',
  fatherNameShort: 'Please Specify You Full Father Name .',
  nameCharacters: 'Name Can Not Contain Numbers Or Any Special Character .',
  addressShort: 'Please specify your complete address.',
  addressCharacters: 'Address Can Not Contain Some Special Character .',
  addressLong: 'Address can not be longer than 120 characters.',
  dobInvalid: 'Please Enter A Valid Date',
  dobTooYoung: 'You are not eligible for this program',
  genderRequired: 'Please Select Your Gender',
  qualificationRequired: 'Please Select Your Qualification',
  provinceRequired: 'Please Select The Province In Which You Live',
  cityRequired: 'Please Select The City In Which You Live',
  phoneNumbersOnly: 'Should Have Numbers Only .',
  phoneNoSpecial: "No Space Hyphens '-' Or Any Special Character .",
  phoneLength: 'Please enter a valid phone number.',
  imageRequired: 'Please select your picture',
  imageTooLarge: 'Image size must be less than 1 MB',
  imageInvalid: 'Please select a valid image .',
  imageTooManyPixels: 'This picture is too large. Please choose a smaller one.',
  documentTooLarge: 'Each document must be less than 10 MB',
  profileUpdateFailure: 'Something went wrong please try again later',
  profileUpdated: 'Profile updated successfully',
  profileEditDisabled: 'Editing the profile is not allowed at this time',
  profileIncomplete: 'Please complete your profile first',
  captchaRequired: 'Please solve the captcha',
  captchaFailed: 'The captcha could not be verified. Please solve it again',
  documentsIncompleteTitle: 'Incomplete Documents',
  documentsIncomplete: 'Please attach required documents',
  documentsFormatTitle: 'Incorrect Fornmat',
  documentsFormat: 'You can only upload JPG/PNG/JPEG file!',
  documentsWarning: 'Your CNIC and document should be valid otherwise your registration will be cancelled',
  documentsUploaded: 'Documents uploaded successfully',
  documentsEditNotAllowed: 'Documents can be changed only while your application is pending or rejected',
  uploadNetworkFailure: 'Something went wrong please try again later',
  notYourAccount: 'You can only change your own account',

  // Courses (spec sections 4, 5 and 8)
  selectPlatform: 'Please Select Study Platform',
  fieldRequired: 'Field cannot be empty',
  reasonTooLong: 'The reason can be at most 500 characters',
  appliedIn: 'You have successfully applied in {course}',
  noCoursesApplied: 'You have not applied in any course yet',
  noActiveRegistration: 'Currently there is no registration active in any course',
  coursesFailure: 'Something went Wrong, Please try again later',
  coursesFailureShort: 'Something went wrong please try again',
  alreadyApplied: 'You have already applied in a course',
  batchNotOpen: 'This batch is not open for applications',
  batchNotAllowed: 'This batch is not open to you',
  courseNotInBatch: 'This course is not offered in this batch',
  platformNotOffered: 'This study platform is not offered for this course',
  cancelNotAllowed: 'This registration cannot be cancelled',
  registrationCancelled: 'Your registration has been cancelled',
  registrationNotFound: 'No such registration',
  courseNotFound: 'No such course',
  batchNotFound: 'No such batch',
  documentsRejectedAlert: 'Your documents were rejected: {reason}. Please upload them again.',
  documentsMissingAlert:
    'Your documents are not uploaded yet. Please upload them to complete your registration.',

  // Fees (spec sections 2, 4, 5 and 8)
  selectPendingQuarter: 'Please select the pending quarter to generate fee voucher',
  noSeatsRemaining: 'No seats remaining',
  seatsRemaining: '{remaining} seats remaining out of {total}',
  confirmCentre: 'Are you sure you want to select {center} - {campus}? Once selected cannot be changed.',
  confirmOnline: 'Are you sure you want to select Online classes? Once selected cannot be changed.',
  voucherExists: 'A voucher for this quarter already exists',
  voucherPreviousUnpaid: 'Please pay the previous quarter first',
  voucherNotAdmitted: 'Vouchers can be generated once you are admitted to a course',
  voucherOnsiteNotAllowed: 'Onsite classes are not open to you',
  voucherNoSlot: 'No time slot found',
  voucherNoFee: 'No fee is set for this quarter',
  voucherNotFound: 'No such voucher',
  voucherPaidCannotCancel: 'A paid voucher cannot be cancelled',
  voucherCancelled: 'Voucher cancelled',
  voucherGenerated: 'Voucher generated',
  generateVoucherPrompt: 'Please generate your fee voucher',
  printInColour: 'Please print the voucher in colour.',
  chooseProgramme:
    'In your bank or payment app, open the bill-payment service and choose the programme from the institution list, then enter the consumer number.',

  // Learning (spec sections 2, 6 and 8)
  noSuchCourse: 'No Such Course found or you may have not access to it',
  noSuchLesson: 'No Such Lesson found or you may have not access to it',
  noSuchVideo: 'No Such Video found or you may have not access to it',
  lessonEmpty: 'This lesson contains no data.',
  noAnnouncements: 'No announcements available',
  videoCompleted: 'Video Completed. Next video will start in {seconds}s',
  lecturesNote: 'Lectures will be viewable here online once they are available.',
  viewPayments: 'Click here to view Payments',
  voucherNotPaidStep: 'Voucher generated but not paid',
  learningFailure: 'Something went wrong please try again later',
  progressSaved: 'Progress saved',

  // Server-side
  tooManyRequests: 'Too many attempts. Please try again in {minutes} minutes',
  forbidden: 'You are not allowed to do this',
  unknownCall: 'This call does not exist',
  serverError: 'Something went wrong please try again later',
  // Answers that carry data and nothing to tell; the wire has said 'ok' since the first version.
  answered: 'ok',
  loginSuccess: 'Login successful',
  adminCommandDone: 'done',
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
