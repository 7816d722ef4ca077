def test_a(client):
    assert client.get("/api/v1/variants").status_code == 200
def test_b(client):
    assert client.get("/api/v1/variants").status_code == 200
