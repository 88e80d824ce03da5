package dev.authservice.adapter.in.web.order;

import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.http.HttpStatus;

/** The errors of orders' paths, beyond those of every path ({@code CommonErrorCode}). */
enum OrderErrorCode implements ErrorCode {
    ORDER_NOT_FOUND(HttpStatus.NOT_FOUND, "No such order"),
    ORDER_REFERENCE_TAKEN(HttpStatus.CONFLICT, "You have an order with this reference already");

    private final Answer answer;

    OrderErrorCode(HttpStatus status, String defaultMessage) {
        this.answer = new Answer(status, defaultMessage);
    }

    @Override
    public Answer answer() {
        return answer;
    }
}
