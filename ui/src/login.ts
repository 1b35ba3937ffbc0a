// The login page: posts the credentials as JSON, then goes to the workbench.
const form = document.getElementById('login-form') as HTMLFormElement;
const error = document.getElementById('login-error')!;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  error.textContent = '';
  const user = (document.getElementById('user') as HTMLInputElement).value;
  const password = (document.getElementById('password') as HTMLInputElement).value;
  fetch('/ui/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, password }) })
    .then(async (r) => {
      if (r.ok) location.assign('/ui/');
      else error.textContent = ((await r.json().catch(() => ({}))) as { error?: string }).error ?? `login failed (${r.status})`;
    })
    .catch((e: Error) => (error.textContent = e.message));
});
