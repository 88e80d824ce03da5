/**
 * The outbound adapters that carry mail: {@code mail.SmtpMailTransport} hands each mail to an SMTP server on Jakarta
 * Mail (Eclipse Angus), {@code mail.FileMailTransport} writes it as an {@code .eml} file for a developer to open. Plain
 * Java; the wiring in {@code bootstrap} picks one.
 */
package dev.authservice.adapter.out.mail;
