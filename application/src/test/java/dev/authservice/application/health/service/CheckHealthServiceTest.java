package dev.authservice.application.health.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.health.port.in.CheckHealthUseCase.Query;
import dev.authservice.application.health.port.in.CheckHealthUseCase.Result;
import org.junit.jupiter.api.Test;

class CheckHealthServiceTest {

    @Test
    void upWhenTheStoresAnswerAndDownWhenTheyDoNot() {
        assertEquals(new Result.Up(), new CheckHealthService(() -> true).checkHealth(new Query()));
        assertEquals(new Result.Down(), new CheckHealthService(() -> false).checkHealth(new Query()));
    }
}
