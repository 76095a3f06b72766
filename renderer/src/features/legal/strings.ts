/**
 * The legal texts, in Markdown (rendered without raw HTML). They describe what this codebase
 * actually does; the operator of an installation adds its own identity where marked.
 */
export interface LegalDocument {
  title: string;
  updated: string;
  body: (product: string) => string;
}

const UPDATED = 'Última actualización: 22 de noviembre de 2026';

const privacy: LegalDocument = {
  title: 'Política de privacidad',
  updated: UPDATED,
  body: (product) => `
Esta política explica qué datos personales trata ${product}, para qué, durante cuánto tiempo y qué derechos tienes. Se aplica al sitio web, a la aplicación de escritorio y a la API de ${product}.

## Responsable del tratamiento

El responsable es el titular de esta instalación de ${product}, identificado en el [aviso legal](/legal). Para cualquier cuestión de privacidad escríbenos desde [contacto › privacidad](/contact/privacidad).

## Qué datos tratamos

- **Cuenta**: nombre de contacto, correo electrónico, nombre de usuario y, si la activas, la configuración de la verificación en dos pasos. No guardamos tu contraseña: solo un verificador criptográfico que permite comprobarla sin conocerla.
- **Conversaciones**: los mensajes que intercambias con el asistente principal, con el asistente de ayuda flotante (también sin cuenta, asociados a un identificador de sesión aleatorio) y con tus agentes, con su fecha y los datos técnicos de la conversación (agente, modelo utilizado).
- **Agentes y equipos**: los agentes que creas (nombre, descripción, prompts y sus versiones), los agentes y ecosistemas que añades a tu equipo y las publicaciones como API con sus claves.
- **Pagos y suscripciones**: el identificador de cliente y de suscripción en el proveedor de pagos, el plan, el importe y el estado. **Los números de tarjeta nunca pasan por nuestros servidores ni se guardan en ellos**: los introduces directamente en el formulario de Stripe, nuestro proveedor de pagos, que los trata como responsable conforme a su propia política.
- **Mensajes de contacto**: el nombre, el correo, el asunto y el texto que nos envías desde el formulario de contacto.
- **Datos técnicos**: dirección IP y datos de la petición en los registros del servidor, para la seguridad y para limitar abusos.

## Para qué los usamos y con qué base legal

| Finalidad | Base legal (RGPD) |
| --- | --- |
| Crear y mantener tu cuenta, guardar tus conversaciones, agentes y equipo | Ejecución del contrato (art. 6.1.b) |
| Cobrar las suscripciones y cumplir las obligaciones fiscales | Ejecución del contrato y obligación legal (art. 6.1.b y 6.1.c) |
| Responder a tus mensajes de contacto y de soporte | Tu solicitud y nuestro interés legítimo en atenderte (art. 6.1.b y 6.1.f) |
| Proteger el servicio frente a fraudes y abusos (registros, límites de uso) | Interés legítimo (art. 6.1.f) |
| Medición y publicidad mediante scripts de terceros | Tu consentimiento (art. 6.1.a), que puedes retirar en cualquier momento |

No tomamos decisiones automatizadas con efectos jurídicos sobre ti ni vendemos tus datos.

## Inteligencia artificial

Para generar las respuestas, el texto de tus mensajes y el contexto necesario (el prompt del agente y el historial de la conversación) se envían al **proveedor de modelos de IA** configurado en esta instalación (por ejemplo Amazon Bedrock o un servidor de modelos propio). El proveedor actúa como encargado del tratamiento y no puede usar esos datos para sus propios fines. No escribas en los chats datos especialmente sensibles (salud, ideología, datos de terceros) si no es imprescindible. Las respuestas de la IA pueden ser incorrectas: verifica la información importante.

## Con quién los compartimos

- **Stripe** (pagos con tarjeta y gestión de suscripciones).
- **El proveedor de modelos de IA** configurado (generación de respuestas).
- **El proveedor de alojamiento y de correo electrónico** de esta instalación.
- **Proveedores de medición o publicidad**, solo si aceptas las cookies opcionales.

Algunos de estos proveedores pueden tratar datos fuera del Espacio Económico Europeo; en ese caso lo hacen con las garantías del RGPD (decisiones de adecuación o cláusulas contractuales tipo).

## Cuánto tiempo los conservamos

Mientras mantengas tu cuenta. Si la eliminas, borramos tus conversaciones, agentes y equipo; conservamos bloqueados los datos de facturación durante los plazos que exige la ley (en España, hasta seis años) y los registros técnicos un máximo de doce meses. Los mensajes de contacto se conservan el tiempo necesario para atenderlos y, como máximo, dos años.

## Eliminar tu cuenta

Puedes hacerlo tú mismo en **Mi perfil › Eliminar mi cuenta**, confirmándolo con tu correo y tu contraseña (y el código de tu aplicación de autenticación si la tienes activada). En ese momento se cierran todas tus sesiones, tus claves de API dejan de funcionar, tus agentes públicos salen del marketplace y tus suscripciones dejan de renovarse, así que no se te cobra nada más. Durante 30 días puedes arrepentirte: inicia sesión y pulsa «Cancelar la eliminación». Pasado ese plazo borramos:

- tu cuenta de acceso (en nuestro servicio de identidad o en Amazon Cognito), tu perfil y tus sesiones;
- tus conversaciones y mensajes, tus archivos y los documentos de conocimiento de tus agentes;
- tus agentes con sus prompts y todas sus versiones, tus ecosistemas, tus flujos, tu equipo y tus claves de API (los agentes públicos se retiran antes del marketplace, y las suscripciones de otros usuarios a ellos se cancelan sin más cargos);
- tu cliente en la pasarela de pago, con tus tarjetas guardadas, una vez canceladas tus suscripciones.

Conservamos, porque la ley contable lo exige, los registros de ingresos, los pagos y el registro de auditoría, y la cuenta de cobros de un creador (solo su identificador en la pasarela de pago) para pagarle lo que aún se le deba: en ellos tu nombre y tu correo se sustituyen por un seudónimo y solo queda el identificador interno de la cuenta, que ya no lleva a nadie. De tus valoraciones de agentes se borra el texto; la puntuación sigue contando en la media del agente, sin tu nombre. El carrito se guarda solo en tu dispositivo. Un administrador también puede borrar una cuenta al momento, con el mismo alcance.

## Tus derechos

Puedes ejercer los derechos de **acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad**, y retirar tu consentimiento en cualquier momento, escribiendo desde [contacto › privacidad](/contact/privacidad). Te responderemos en el plazo de un mes. Si no estás satisfecho, puedes reclamar ante la Agencia Española de Protección de Datos (aepd.es) o la autoridad de control de tu país.

## Almacenamiento local y cookies

Qué guardamos en tu navegador y cómo cambiar tu elección se explica en la [política de cookies](/cookies).
`,
};

const terms: LegalDocument = {
  title: 'Términos y condiciones',
  updated: UPDATED,
  body: (product) => `
Estos términos regulan el uso de ${product}, una plataforma para crear, publicar, comprar y gestionar agentes de inteligencia artificial y conversar con ellos. Al crear una cuenta o usar el servicio los aceptas.

## Cuenta

- Debes ser mayor de edad (o contar con autorización de tu representante legal) y dar datos veraces.
- Eres responsable de mantener segura tu contraseña y, si la activas, tu verificación en dos pasos. Avísanos desde [contacto › soporte](/contact/soporte) si sospechas un acceso no autorizado.
- Puedes consultar el marketplace y hablar con el asistente sin cuenta; para crear agentes, guardar conversaciones o suscribirte necesitas iniciar sesión.

## Uso aceptable

No puedes usar ${product} para actividades ilegales, para generar contenido que vulnere derechos de terceros, para acosar o engañar a otras personas, para distribuir software malicioso ni para eludir los límites técnicos del servicio (por ejemplo, con peticiones automatizadas masivas). Podemos suspender las cuentas que incumplan estas normas.

## Agentes y contenido

- Los prompts, agentes y textos que creas son tuyos. Nos concedes la licencia necesaria para alojarlos, mostrarlos y ejecutarlos con el fin de prestarte el servicio y, si los publicas en el marketplace o como API, para ponerlos a disposición de otros usuarios.
- Al publicar un agente declaras que tienes derecho a hacerlo y que su descripción es fiel.
- Las claves de API de tus publicaciones son secretas: eres responsable del uso que se haga con ellas.

## Respuestas de la inteligencia artificial

Las respuestas las genera un modelo de IA y **pueden ser incorrectas, incompletas o desactualizadas, también en temas médicos, legales o financieros**. No sustituyen el consejo de un profesional. Verifica la información importante antes de actuar.

## Suscripciones y pagos

- Los precios se muestran en el marketplace antes de contratar, con los impuestos que correspondan.
- Los pagos con tarjeta los procesa Stripe; ${product} no almacena números de tarjeta.
- Las suscripciones se renuevan periódicamente hasta que las canceles desde **Mi perfil › Suscripciones**. Puedes pausarlas y reanudarlas; la cancelación surte efecto al final del periodo ya pagado.
- Si eres consumidor en la Unión Europea, dispones de un derecho de desistimiento de 14 días, salvo que hayas solicitado expresamente empezar a usar el servicio de inmediato y este se haya prestado por completo.

## Disponibilidad y cambios

El servicio está en fase beta: puede tener errores o interrupciones y algunas funciones pueden cambiar. Te avisaremos con antelación razonable de los cambios relevantes en estos términos.

## Responsabilidad

Respondemos de los daños causados por incumplimiento doloso o negligencia grave y en los demás casos que establezca la ley. No respondemos de decisiones tomadas únicamente a partir de respuestas de la IA.

## Baja

Puedes dejar de usar ${product} en cualquier momento y pedir la eliminación de tu cuenta desde [contacto › privacidad](/contact/privacidad).

## Ley aplicable

Estos términos se rigen por la legislación española. Si eres consumidor, conservas la protección de las normas imperativas de tu país de residencia y puedes acudir a los tribunales de tu domicilio.
`,
};

const cookies: LegalDocument = {
  title: 'Política de cookies',
  updated: UPDATED,
  body: (product) => `
${product} guarda en tu navegador la información imprescindible para funcionar y, solo si lo aceptas, carga scripts opcionales de medición y publicidad.

## Almacenamiento necesario

Estas entradas no requieren consentimiento porque sin ellas el servicio no funciona o no recordaría tus propias elecciones. Se guardan en el almacenamiento local (*localStorage*) o de sesión (*sessionStorage*) de tu navegador, no en cookies enviadas a terceros.

| Clave | Dónde | Para qué | Duración |
| --- | --- | --- | --- |
| \`cookie_consent\` | localStorage | Recordar si aceptaste o rechazaste las cookies opcionales | Hasta que la borres o cambies tu elección |
| \`beta-notice-dismissed\` | localStorage | No volver a mostrar el aviso de beta que cerraste | Hasta que la borres |
| \`shopping-cart\` | localStorage | Los agentes que has añadido al carrito | Hasta que compres, los quites o la borres |
| \`CognitoIdentityServiceProvider.*\` | localStorage | Los tokens de sesión de la biblioteca de identidad (AWS Amplify): mantener tu sesión iniciada | Hasta que cierres sesión o caduquen |
| \`user-ecosystems-local:*\` | localStorage | Los cambios en tu equipo que no se pudieron guardar en el servidor (modo local) | Hasta que se sincronicen o la borres |
| \`assistant_session_id\` | sessionStorage | El identificador de tu conversación con el asistente, para que siga abierta al cambiar de página | Hasta que cierres la pestaña |

En la aplicación de escritorio los tokens de sesión no se guardan en el navegador: se cifran con el almacén seguro del sistema operativo.

## Cookies opcionales

Si pulsas **Aceptar** en el aviso de cookies, cargamos los scripts de medición y publicidad que el titular de esta instalación haya configurado; esos terceros pueden instalar sus propias cookies para analizar el uso del sitio y mostrarte publicidad relacionada con tus preferencias. Si pulsas **Rechazar**, no se cargan. Mientras no elijas, tampoco se cargan.

## Cómo cambiar tu elección

Puedes cambiar tu elección en cualquier momento con el botón de esta página: el aviso de cookies volverá a aparecer. También puedes borrar el almacenamiento del sitio desde la configuración de tu navegador.

Para más información sobre el tratamiento de tus datos consulta la [política de privacidad](/privacidad) o escríbenos desde [contacto › privacidad](/contact/privacidad).
`,
};

const legal: LegalDocument = {
  title: 'Aviso legal',
  updated: UPDATED,
  body: (product) => `
En cumplimiento de la Ley 34/2002, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), se informa de los datos del titular de este sitio.

## Titular

${product} es un software que cada operador instala y explota bajo su responsabilidad. El titular de esta instalación publica aquí su denominación social, NIF, domicilio, datos de inscripción registral y correo de contacto. Si no figuran, puedes solicitarlos desde [contacto › general](/contact).

## Objeto

Este sitio ofrece una plataforma para crear, publicar, comprar y gestionar agentes de inteligencia artificial y conversar con ellos, en las condiciones de los [términos y condiciones](/terminos).

## Propiedad intelectual

Los textos, el diseño y el software de ${product} están protegidos por la normativa de propiedad intelectual. Los agentes y contenidos publicados por los usuarios son de sus autores, que responden de ellos.

## Responsabilidad

Las respuestas de los agentes y del asistente las genera un modelo de inteligencia artificial y pueden contener errores, también en temas médicos o legales; no constituyen asesoramiento profesional. El titular no se responsabiliza del contenido de los sitios de terceros enlazados.

## Protección de datos y cookies

El tratamiento de datos personales se describe en la [política de privacidad](/privacidad) y el uso del almacenamiento local y de las cookies en la [política de cookies](/cookies).

## Contacto

Para cualquier comunicación utiliza el [centro de contacto](/contact).
`,
};

export const legalDocuments = { privacy, terms, cookies, legal } as const;
export type LegalDocumentKey = keyof typeof legalDocuments;

export const legalStrings = {
  relatedLabel: 'Otros textos legales',
  cookieChoice: {
    label: 'Tu elección de cookies',
    accepted: 'Has aceptado las cookies opcionales.',
    declined: 'Has rechazado las cookies opcionales.',
    none: 'Todavía no has elegido: las cookies opcionales no se cargan.',
    change: 'Cambiar mi elección de cookies',
    reopened: 'Elige de nuevo en el aviso de cookies que ha aparecido en la parte inferior.',
  },
  links: {
    privacy: { to: '/privacidad', label: 'Privacidad' },
    terms: { to: '/terminos', label: 'Términos' },
    cookies: { to: '/cookies', label: 'Cookies' },
    legal: { to: '/legal', label: 'Aviso legal' },
  } satisfies Record<LegalDocumentKey, { to: string; label: string }>,
} as const;
