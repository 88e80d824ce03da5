package dev.authservice.example.resourceserver;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import java.util.Collection;
import java.util.List;

/**
 * The protected resource: {@code GET /api/greeting}. Without a valid access token of auth-service it is 401 before
 * this class is reached; with one, {@link Authentication} holds what the token says: its subject (the username) and
 * its {@code roles} claim. A path for one role only is {@code @Secured("ADMIN")}; one that wants a second factor reads
 * the token's {@code amr} (RFC 8176), as {@link #afterASecondFactor} does.
 */
@Controller("/api/greeting")
@Secured(SecurityRule.IS_AUTHENTICATED)
class GreetingController {

    @Get
    Greeting greeting(Authentication caller) {
        return new Greeting("Hello, " + caller.getName(), caller.getName(), caller.getRoles().stream().sorted().toList());
    }

    /**
     * {@code GET /api/greeting/second-factor}: only for a login that proved a second factor, whose token's {@code amr}
     * holds {@code mfa}; 403 for a password alone (the client logs in again with its code).
     */
    @Get("/second-factor")
    HttpResponse<Greeting> afterASecondFactor(Authentication caller) {
        return caller.getAttributes().get("amr") instanceof Collection<?> methods && methods.contains("mfa")
                ? HttpResponse.ok(greeting(caller)) : HttpResponse.status(HttpStatus.FORBIDDEN);
    }

    @Serdeable
    record Greeting(String message, String subject, List<String> roles) {
    }
}
