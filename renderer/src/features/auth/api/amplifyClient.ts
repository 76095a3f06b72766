// Everything the app takes from aws-amplify, in one module that identityClient.ts loads on first
// use: the library is a third of the app's code, and a visitor's first screen does without it.
export {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchMFAPreference,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
export { configureAmplify } from './configureAmplify';
export { loadSessionUser } from './session';
