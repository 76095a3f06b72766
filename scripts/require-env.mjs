// Fails fast with a clear message when a suite that needs an outside service is run without it.
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(`Falta la variable de entorno ${missing.join(', ')} (por ejemplo postgres://postgres@127.0.0.1:5432/test).`);
  process.exit(1);
}
