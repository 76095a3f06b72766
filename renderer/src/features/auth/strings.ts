// Every text of the sign-in, sign-up, verification and recovery screens and of the user menu.
// The English texts are the spec's exact error texts (section 8); the rest is the product's Spanish.
export const authStrings = {
  common: {
    email: 'Correo electrónico',
    emailPlaceholder: 'tu@correo.com',
    password: 'Contraseña',
    newPassword: 'Nueva contraseña',
    repeatPassword: 'Repetir contraseña',
    code: 'Código de verificación',
    codePlaceholder: '123456',
    required: 'Este campo es obligatorio.',
    passwordsDoNotMatch: 'Las contraseñas no coinciden.',
    passwordHint: 'Al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos.',
    back: 'Volver',
    backToLogin: 'Volver a iniciar sesión',
    signOut: 'Cerrar sesión',
    identityUnavailable:
      'El servicio de identidad no está disponible en este momento. Inténtalo de nuevo más tarde.',
  },
  login: {
    title: 'Iniciar sesión',
    subtitle: (product: string) => `Entra en ${product} para chatear con tus agentes.`,
    username: 'Usuario o correo electrónico',
    usernamePlaceholder: 'tu@correo.com',
    submit: 'Iniciar sesión',
    forgotPassword: '¿Has olvidado tu contraseña?',
    noAccount: '¿No tienes cuenta?',
    register: 'Crear cuenta',
    alreadySignedIn: (name: string) => `Ya has iniciado sesión como ${name}.`,
    continueSignedIn: 'Continuar',
    challengeExpired: 'El inicio de sesión ha caducado. Vuelve a introducir tus datos.',
  },
  security: {
    title: 'Verificación en dos pasos',
    loading: 'Comprobando la verificación en dos pasos…',
    enabledText: 'Activada: al iniciar sesión te pediremos el código de tu aplicación de autenticación.',
    disabledText:
      'Protege tu cuenta pidiendo, además de la contraseña, un código de tu aplicación de autenticación.',
    enable: 'Activar con aplicación de autenticación',
    disable: 'Desactivar',
    cancel: 'Cancelar',
    verify: 'Verificar y activar',
    enabledBadge: 'Activada',
    disabledBadge: 'Desactivada',
    enabledNotice: 'Verificación en dos pasos activada.',
    disabledNotice: 'Verificación en dos pasos desactivada.',
  },
  challenge: {
    newPasswordTitle: 'Elige una nueva contraseña',
    newPasswordText: 'Tu cuenta necesita una contraseña nueva antes de continuar.',
    missingAttributesText: 'Completa también estos datos de tu cuenta:',
    totpCodeTitle: 'Verificación en dos pasos',
    totpCodeText: 'Escribe el código de 6 dígitos de tu aplicación de autenticación.',
    emailCodeTitle: 'Revisa tu correo',
    emailCodeText: (destination?: string) =>
      destination
        ? `Te hemos enviado un código de verificación a ${destination}.`
        : 'Te hemos enviado un código de verificación por correo.',
    smsCodeTitle: 'Revisa tu teléfono',
    smsCodeText: (destination?: string) =>
      destination ? `Te hemos enviado un código por SMS a ${destination}.` : 'Te hemos enviado un código por SMS.',
    mfaSelectionTitle: 'Verificación en dos pasos',
    mfaSelectionText: '¿Cómo quieres recibir el código de verificación?',
    mfaSetupSelectionTitle: 'Activa la verificación en dos pasos',
    mfaSetupSelectionText: 'Tu cuenta necesita un segundo paso de verificación. Elige cómo quieres configurarlo.',
    mfaTypes: {
      TOTP: 'Aplicación de autenticación',
      EMAIL: 'Correo electrónico',
      SMS: 'SMS',
    },
    mfaTypeLabel: 'Método de verificación',
    totpSetupTitle: 'Configura tu aplicación de autenticación',
    totpSetupText:
      'Escanea este código QR con tu aplicación de autenticación (Google Authenticator, Authy, 1Password…) y escribe el código de 6 dígitos que te muestre.',
    totpQrLabel: 'Código QR para la aplicación de autenticación',
    totpSecretLabel: 'Si no puedes escanearlo, introduce esta clave a mano:',
    copy: 'Copiar clave',
    copied: 'Clave copiada',
    emailSetupTitle: 'Verificación por correo',
    emailSetupText: 'Indica el correo en el que quieres recibir los códigos de verificación.',
    continue: 'Continuar',
    verify: 'Verificar',
    confirm: 'Confirmar',
    attributeLabels: {
      name: 'Nombre de contacto',
      email: 'Correo electrónico',
      phone_number: 'Teléfono',
      given_name: 'Nombre',
      family_name: 'Apellidos',
      preferred_username: 'Nombre de usuario',
    } as Record<string, string>,
  },
  register: {
    title: 'Crear cuenta',
    subtitle: (product: string) => `Crea tu cuenta de ${product} y forma tu equipo de agentes de IA.`,
    contactName: 'Nombre de contacto',
    contactNamePlaceholder: 'Tu nombre',
    submit: 'Crear cuenta',
    haveAccount: '¿Ya tienes cuenta?',
    signIn: 'Iniciar sesión',
  },
  verify: {
    title: 'Verifica tu correo',
    text: (destination?: string) =>
      destination
        ? `Te hemos enviado un código de 6 dígitos a ${destination}. Escríbelo para activar tu cuenta.`
        : 'Te hemos enviado un código de 6 dígitos a tu correo. Escríbelo para activar tu cuenta.',
    submit: 'Verificar',
    resend: 'Reenviar código',
    resent: (destination?: string) =>
      destination ? `Te hemos enviado un nuevo código a ${destination}.` : 'Te hemos enviado un nuevo código.',
  },
  forgot: {
    title: 'Recuperar contraseña',
    requestText: 'Escribe el correo de tu cuenta y te enviaremos un código para elegir una contraseña nueva.',
    resetRequired: 'Debes restablecer tu contraseña antes de iniciar sesión.',
    requestSubmit: 'Enviar código',
    confirmText: (destination?: string) =>
      destination
        ? `Si existe una cuenta con ese correo, te hemos enviado un código a ${destination}.`
        : 'Si existe una cuenta con ese correo, te hemos enviado un código.',
    confirmSubmit: 'Cambiar contraseña',
    resend: 'Enviar otro código',
  },
  notices: {
    passwordChanged: 'Tu contraseña se ha cambiado. Inicia sesión con la nueva contraseña.',
    accountVerified: 'Tu cuenta está verificada. Inicia sesión para continuar.',
    signUpComplete: 'Tu cuenta se ha creado. Inicia sesión para continuar.',
  },
  errors: {
    wrongCredentials: 'Usuario o contraseña incorrectos.',
    /** Only after the right password (the identity service says so then, never before). */
    accountDisabled: 'Tu cuenta está desactivada. Contacta con soporte.',
    contactSupport: 'Contactar con soporte',
    notConfirmed: 'Tu cuenta aún no está verificada. Revisa tu correo.',
    alreadyConfirmed: 'Tu cuenta ya está verificada. Inicia sesión.',
    codeMismatch: 'El código no es correcto.',
    codeExpired: 'El código ha caducado. Pide uno nuevo.',
    tooManyAttempts: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
    invalidPassword: 'La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos.',
    usernameExists: 'Ya existe una cuenta con ese correo.',
    invalidEmail: 'El correo electrónico no es válido.',
    invalidParameter: 'Revisa los datos introducidos.',
    codeDeliveryFailed: 'No hemos podido enviarte el código. Inténtalo de nuevo más tarde.',
    network: 'No se pudo conectar con el servicio de identidad.',
    /** An unhandled sign-in step or challenge: the spec asks for a generic sign-in error. */
    signInGeneric: 'No se pudo completar el inicio de sesión. Inténtalo de nuevo.',
    unexpected: 'Ha ocurrido un error inesperado. Inténtalo de nuevo.',
    // Spec section 8, verbatim.
    alreadySignedIn: 'There is already a signed in user.',
    autoSignInNotStarted: 'The autoSignIn flow has not started, or has been cancelled/completed.',
    autoSignInTimedOut: 'The account was not confirmed on time.',
    mfaSetupUnavailable: 'Cannot initiate MFA setup from available types',
    invalidSignInState: 'Unable to proceed due to invalid sign in state.',
  },
  userMenu: {
    label: 'Menú de usuario',
    profile: 'Mi perfil',
    // The spec writes 'Métodos de paga', a typo.
    payments: 'Métodos de pago',
    subscriptions: 'Suscripciones',
    admin: 'Panel Admin',
    signOut: 'Cerrar sesión',
  },
} as const;
