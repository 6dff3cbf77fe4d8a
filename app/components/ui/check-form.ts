// The browser check of a form whose submit buttons ask for different checks: 'Buscar' checks the DNI alone, the
// save checks the whole form. useForm is typed by the whole form; this is the one place that says so.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "~/lib/zod";

/**
 * Parses `formData` with `schema` (the check the pressed button asks for) and types the answer as a submission of
 * the whole form (`_form`), so useForm keeps the whole form's fields. The browser reads only the errors of a partial
 * check, never its value: the server parses the request again with the schema of its intent.
 */
export function checkFormWith<Form extends z.ZodType>(
  formData: FormData,
  schema: z.ZodType,
  _form: Form,
): Submission<z.input<Form>, string[], z.output<Form>> {
  return parseWithZod(formData, { schema }) as Submission<unknown, string[], unknown> as Submission<
    z.input<Form>,
    string[],
    z.output<Form>
  >;
}
