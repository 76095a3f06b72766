export const profileStrings = {
  title: 'Mi perfil',
  tabs: {
    PROFILE: 'Perfil',
    PAYMENTS: 'Métodos de pago',
    SUBSCRIPTION: 'Suscripciones',
    PLANS: 'Planes',
    EARNINGS: 'Mis ingresos',
  },
  pendingTab: 'Esta sección estará disponible muy pronto.',
  contactTitle: 'Datos de contacto',
  contactName: 'Nombre de contacto',
  email: 'Correo electrónico',
  emailHint: 'Es el correo con el que inicias sesión.',
  save: 'Guardar cambios',
  saved: 'Datos guardados.',
  required: 'Este campo es obligatorio.',
  loadError: 'Error al cargar los datos del usuario',
} as const;
