package dev.authservice.adapter.out.persistence;

import io.micronaut.aop.Around;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a JDBC adapter of an out-port: a failure of every method that says the database cannot be reached becomes the
 * port's {@link dev.authservice.application.shared.port.out.StoreUnavailableException}, so that the web adapter answers 503
 * with Retry-After rather than 500 while the database fails over ({@link UnavailabilityInterceptor}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Around
public @interface TranslatesUnavailability {
}
