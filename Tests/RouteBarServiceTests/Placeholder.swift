// placeholder until the service suite lands
